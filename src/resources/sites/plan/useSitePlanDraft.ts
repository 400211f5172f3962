import { useCallback, useState } from 'react';
import { DEFAULT_FEET_PER_UNIT, defaultShapeName, type PlanFeature, type PlanGeometry, type SitePlan } from '../../../domain/sitePlan';
import { kindOfGeometry } from './planLayers';

/** The plan as the editor changes it before Save. */
export interface PlanDraft {
  imageID: number | null;
  image: { width: number; height: number } | null;
  feetPerUnit: number | null;
  shapes: PlanFeature[];
  printOnProposal: boolean;
  version: number;
}

export const draftOf = (plan: SitePlan): PlanDraft => ({
  imageID: plan.imageID,
  image: plan.image,
  feetPerUnit: plan.feetPerUnit,
  shapes: plan.shapes.features,
  printOnProposal: plan.printOnProposal,
  version: plan.version,
});

/** An id unique enough for one plan; getRandomValues works on a plain-http office server too (randomUUID does not). */
function newShapeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The editor's draft: shapes added, reshaped, renamed and removed, the image and scale set;
 * `dirty` until it is saved or reloaded. A reshaped feature keeps its geometry object, which the
 * map knows as the one it drew.
 */
export function useSitePlanDraft(plan: SitePlan, unsaved = false) {
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [dirty, setDirty] = useState(unsaved);
  const change = useCallback((update: (draft: PlanDraft) => PlanDraft) => {
    setDraft(update);
    setDirty(true);
  }, []);
  const mapShapes = (update: (shapes: PlanFeature[]) => PlanFeature[]) =>
    change((current) => ({ ...current, shapes: update(current.shapes) }));

  return {
    draft,
    dirty,
    /** The plan as the server stored it (after Save). */
    reset: useCallback((saved: SitePlan) => {
      setDraft(draftOf(saved));
      setDirty(false);
    }, []),
    /** Adds a shape and returns its id. */
    add(geometry: PlanGeometry): string {
      const id = newShapeId();
      const kind = kindOfGeometry(geometry);
      mapShapes((shapes) => [
        ...shapes,
        {
          type: 'Feature',
          id,
          geometry,
          properties: { name: defaultShapeName(kind, { type: 'FeatureCollection', features: shapes }), kind },
        },
      ]);
      return id;
    },
    reshape: (id: string, geometry: PlanGeometry) =>
      mapShapes((shapes) => shapes.map((shape) => (shape.id === id ? ({ ...shape, geometry } as PlanFeature) : shape))),
    rename: (id: string, name: string) =>
      mapShapes((shapes) => shapes.map((shape) => (shape.id === id ? { ...shape, properties: { ...shape.properties, name } } : shape))),
    remove: (id: string) => mapShapes((shapes) => shapes.filter((shape) => shape.id !== id)),
    setScale: (feetPerUnit: number) => change((current) => ({ ...current, feetPerUnit })),
    /** A new image's scale is unknown until set; the blank grid starts at a foot per unit. */
    setImage: (imageID: number | null, image: PlanDraft['image']) =>
      change((current) => ({ ...current, imageID, image, feetPerUnit: imageID === null ? DEFAULT_FEET_PER_UNIT : null })),
    setPrintOnProposal: (printOnProposal: boolean) => change((current) => ({ ...current, printOnProposal })),
  };
}
