import type { EventInput } from '@fullcalendar/react';
import { colorOf, PALE_TEXT, paleColor } from './serviceColors';
import { visitTitle, type Visit } from './visitQuery';

/** The class names the Schedule's styles (ScheduleCalendar) give a done or skipped visit. */
export const VISIT_DONE_CLASS = 'yardstick-visit-done';
export const VISIT_SKIPPED_CLASS = 'yardstick-visit-skipped';

/** A visit can move while it is planned and not billed (the server refuses the others). */
export const isMovable = (visit: Visit) => visit.status === 'planned' && !visit.billed;

/**
 * A visit as an all-day event (visits are dates, not times), coloured by its service; a done one
 * has a check and a skipped one is struck through, both pale (the colour's tint under dark text).
 */
export function visitEvent(visit: Visit, colors: Map<string, string>): EventInput {
  const color = colorOf(colors, visit.lineName);
  const settled = visit.status !== 'planned';
  return {
    id: String(visit.id),
    title: `${visit.status === 'done' ? '✓ ' : ''}${visitTitle(visit)}`,
    start: visit.date,
    allDay: true,
    color: settled ? paleColor(color) : color,
    contrastColor: settled ? PALE_TEXT : '#ffffff',
    className: visit.status === 'done' ? VISIT_DONE_CLASS : visit.status === 'skipped' ? VISIT_SKIPPED_CLASS : undefined,
    editable: isMovable(visit),
    extendedProps: { visit },
  };
}

/** The visit an event was made from. */
export const eventVisit = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps.visit as Visit;
