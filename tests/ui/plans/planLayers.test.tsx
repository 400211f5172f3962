import { describe, expect, it } from 'vitest';
import type { PlanFeature, PlanGeometry } from '../../../src/domain/sitePlan';
import { planBounds, toLatLng, toPlanPosition } from '../../../src/resources/sites/plan/planCoords';
import { featureLayer, kindOfGeometry, layerGeometry } from '../../../src/resources/sites/plan/planLayers';

const feature = (geometry: PlanGeometry): PlanFeature => ({
  type: 'Feature',
  id: 'a',
  geometry,
  properties: { name: 'A', kind: kindOfGeometry(geometry) },
});

describe('plan units and Leaflet (issue 42)', () => {
  it('puts plan y (downward) at Leaflet latitude −y, and back', () => {
    const latLng = toLatLng([120, 45]);
    expect([latLng.lat, latLng.lng]).toEqual([-45, 120]);
    expect(toPlanPosition(latLng)).toEqual([120, 45]);
    // To the hundredth of a pixel.
    expect(toPlanPosition(toLatLng([1.23456, 7.891]))).toEqual([1.23, 7.89]);
  });

  it('spans the image from its top-left corner (0, 0) to (width, height)', () => {
    const bounds = planBounds(1000, 600);
    expect([bounds.getNorth(), bounds.getWest(), bounds.getSouth(), bounds.getEast()]).toEqual([0, 0, -600, 1000]);
  });

  it('draws each kind as its layer and reads the same geometry back, rings closed', () => {
    const shapes: PlanGeometry[] = [
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [40, 0],
            [40, 30],
            [0, 30],
            [0, 0],
          ],
          [
            [10, 10],
            [20, 10],
            [20, 20],
            [10, 10],
          ],
        ],
      },
      {
        type: 'LineString',
        coordinates: [
          [0, 300],
          [240, 300],
          [240, 310],
        ],
      },
      { type: 'Point', coordinates: [50, 150] },
    ];
    for (const geometry of shapes) expect(layerGeometry(featureLayer(feature(geometry)))).toEqual(geometry);
  });
});
