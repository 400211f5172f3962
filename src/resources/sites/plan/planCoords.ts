/**
 * The one place where plan units meet Leaflet. A plan position is `[x, y]` in pixels of the plan
 * image's large version, y downward from its top-left corner; Leaflet's CRS.Simple has y upward,
 * so a plan point (x, y) sits at LatLng(−y, x) and the image covers [[−height, 0], [0, width]].
 */
import L from 'leaflet';
import type { PlanPosition } from '../../../domain/sitePlan';

/** Two decimals of a pixel are finer than any hand can draw, and keep the stored JSON small (+ 0: never −0). */
const round = (value: number) => Math.round(value * 100) / 100 + 0;

// 0 − y rather than −y: the top edge stays at latitude 0, not −0.
export const toLatLng = ([x, y]: PlanPosition): L.LatLng => L.latLng(0 - y, x);

export const toPlanPosition = (latLng: L.LatLng): PlanPosition => [round(latLng.lng), round(-latLng.lat)];

/** The plan's extent: the image (or the blank grid) from its top-left corner. */
export const planBounds = (width: number, height: number): L.LatLngBounds => L.latLngBounds(toLatLng([0, height]), toLatLng([width, 0]));
