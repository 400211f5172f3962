import type { PlanTool } from './PlanMap';

/** What a click does with each tool, said under the toolbar while it is on. */
export const TOOL_HINTS: Record<PlanTool, string> = {
  scale: 'Click both ends of something whose length you know.',
  area: 'Click each corner; click the first corner again to close the area.',
  line: 'Click each point; click the last point again to finish the line.',
  point: 'Click where it is.',
  edit: 'Drag a corner to reshape a shape; Edit again when done.',
};

const feet = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** "Scale: 100 px = 25 ft" (squares of the blank grid: "100 units"), or how to set it. */
export const scaleText = (feetPerUnit: number | null, onImage = true) =>
  feetPerUnit
    ? `Scale: 100 ${onImage ? 'px' : 'units'} = ${feet.format(feetPerUnit * 100)} ft`
    : 'Scale not set: draw a line over a known length with Set Scale.';
