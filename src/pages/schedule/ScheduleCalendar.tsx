import FullCalendar, { type DatesSetInfo, type EventClickInfo, type EventDropInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { addDays } from '../../domain/officeDate';
import type { VisitMove } from './useMoveVisit';
import { eventVisit, VISIT_SKIPPED_CLASS, visitEvent } from './visitEvents';
import { localDay, type Visit } from './visitQuery';

const PLUGINS = [dayGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,dayGridWeek,listWeek' };
// The Today button is named by what it says (its own hint, "This Month", differs from its text: axe).
const BUTTONS = { today: { hint: 'Today' }, dayGridWeek: { text: 'Week' }, dayGridMonth: { text: 'Month' }, listWeek: { text: 'List' } };
const TOOLBAR_CLASS = 'yardstick-schedule-toolbar';

export interface VisitRange {
  from: string;
  to: string;
}

interface ScheduleCalendarProps {
  visits: Visit[];
  /** Each service's colour (serviceColors). */
  colors: Map<string, string>;
  /** The days shown (inclusive), each time they change. */
  onRange: (range: VisitRange) => void;
  onOpen: (visit: Visit) => void;
  onMove: (move: VisitMove) => void;
}

/**
 * The visits as all-day events in a month, a week or a list (FullCalendar's MIT day grid and
 * list views), coloured by service; a planned visit drags to another day.
 */
export function ScheduleCalendar({ visits, colors, onRange, onOpen, onMove }: ScheduleCalendarProps) {
  const events = useMemo(() => visits.map((visit) => visitEvent(visit, colors)), [visits, colors]);
  return (
    <Box
      sx={(theme) => ({
        // The classic theme in the app's colours and type; its toolbar wraps on a phone.
        '--fc-classic-primary': theme.palette.primary.main,
        '--fc-classic-button': theme.palette.primary.dark,
        '--fc-classic-button-border': theme.palette.primary.dark,
        '--fc-classic-button-strong': theme.palette.primary.main,
        '--fc-classic-button-strong-border': theme.palette.primary.main,
        fontFamily: theme.typography.fontFamily,
        [`& .${TOOLBAR_CLASS}`]: { flexWrap: 'wrap', gap: 1 },
        // Days of the next and previous months in readable grey (the theme's is below WCAG AA).
        '--fc-classic-faint-foreground': theme.palette.text.secondary,
        [`& .${VISIT_SKIPPED_CLASS}, & .${VISIT_SKIPPED_CLASS} *`]: { textDecoration: 'line-through' },
      })}
    >
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        headerToolbar={TOOLBAR}
        toolbarClass={TOOLBAR_CLASS}
        buttons={BUTTONS}
        height="auto"
        editable
        eventDurationEditable={false}
        events={events}
        datesSet={(info: DatesSetInfo) => onRange({ from: localDay(info.start), to: addDays(localDay(info.end), -1) })}
        eventClick={(info: EventClickInfo) => {
          info.jsEvent.preventDefault();
          onOpen(eventVisit(info.event));
        }}
        eventDrop={(info: EventDropInfo) =>
          info.event.start
            ? onMove({ visit: eventVisit(info.event), date: localDay(info.event.start), revert: info.revert })
            : info.revert()
        }
      />
    </Box>
  );
}
