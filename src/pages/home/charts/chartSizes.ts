/** Sizes of the Home charts, apart from the charts so placeholders can use them without loading any chart code. */

/** The amount ring's width and height. */
export const AMOUNT_CHART_SIZE = 168;

/** Height of one service's bar, and what the axis takes besides. */
const SERVICE_BAR_HEIGHT = 30;
const SERVICE_AXIS_HEIGHT = 64;
/** The x axis: tick labels and the axis label 'Sites' under them. */
export const SERVICE_X_AXIS_HEIGHT = 56;

export const serviceChartHeight = (services: number) => services * SERVICE_BAR_HEIGHT + SERVICE_AXIS_HEIGHT;
