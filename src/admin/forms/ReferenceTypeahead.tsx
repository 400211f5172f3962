import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { AutocompleteInput, ReferenceInput, useChoicesContext, type RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import { SEARCH_FILTER } from '../../providers/listParams';
import { CUSTOMER_TYPEAHEAD_LIMIT, TYPEAHEAD_DEBOUNCE_MS } from '../../domain/typeahead';

export interface ReferenceTypeaheadProps {
  /** The entity searched (its resource name and default sort). */
  entity: Pick<Entity, 'name' | 'defaultSort'>;
  /** The field that names an option, e.g. `name`. */
  optionText: string;
  source: string;
  label: string;
  /** The record already chosen, shown by name. */
  initialRecord?: RaRecord | null;
  /** Called with the record the user picks. */
  onPick?: (record: RaRecord) => void;
}

/** The chosen record is read once (from what the screen knows, or one getMany): no re-reading it. */
const chosenStaysFresh = (query: { queryKey: readonly unknown[] }) => (query.queryKey[1] === 'getMany' ? Infinity : 0);

/** AutocompleteInput's own filtering is replaced by the typeahead's search term (below). */
const ignoreFilter = () => undefined;

/**
 * A typeahead over another entity's records: react-admin's ReferenceInput + AutocompleteInput
 * (SPEC §5 and §9 "Typeahead": up to 10 results, by name, the term as the list's `q`, which
 * the data provider sends as `searchTerm`). The form holds the picked record's id, null when
 * cleared; the record already chosen (a modal opened from a customer, the option picked) goes
 * to ReferenceInput's cache, so that it shows by name at once without being fetched again.
 *
 * Kept beside react-admin for SPEC §5 "queries with a 200 ms debounce, also on focus": the
 * search runs only while the input is in use, exactly 200 ms after the last keystroke or the
 * focus (on the text shown). The term is ReferenceInput's `filter`, set by the typeahead's own
 * timer: AutocompleteInput's `debounce` goes through ReferenceInput's params one tick later,
 * and the first search would run when the form mounts rather than on focus.
 */
export function ReferenceTypeahead({ entity, optionText, source, label, initialRecord = null, onPick }: ReferenceTypeaheadProps) {
  const queryClient = useQueryClient();
  const remember = (record: RaRecord) =>
    queryClient.setQueryData([entity.name, 'getMany', { ids: [String(record.id)], meta: undefined }], [record]);
  useState(() => initialRecord && remember(initialRecord));

  // null while the input is not in use: nothing is searched.
  const [term, setTerm] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searchLater = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTerm(text), TYPEAHEAD_DEBOUNCE_MS);
  };

  return (
    <ReferenceInput
      source={source}
      reference={entity.name}
      perPage={CUSTOMER_TYPEAHEAD_LIMIT}
      sort={{ field: entity.defaultSort.key, order: entity.defaultSort.direction }}
      filter={term?.trim() ? { [SEARCH_FILTER]: term } : {}}
      enableGetChoices={() => term !== null}
      queryOptions={{ staleTime: chosenStaysFresh }}
    >
      <ShownWithChosen>
        <AutocompleteInput
          label={label}
          optionText={optionText}
          setFilter={ignoreFilter}
          parse={(value: unknown) => (value === '' ? null : value)}
          onChange={(_id: unknown, record: RaRecord | '') => {
            if (!record) return;
            remember(record);
            onPick?.(record);
          }}
          onInputChange={(_event, text, reason) => reason === 'input' && searchLater(text)}
          onFocus={(event: FocusEvent<HTMLInputElement>) => searchLater(event.target.value ?? '')}
          onBlur={() => {
            clearTimeout(timer.current);
            setTerm(null);
          }}
        />
      </ShownWithChosen>
    </ReferenceInput>
  );
}

/**
 * Mounted once the record already chosen is among ReferenceInput's choices, and hidden for the
 * one render in which AutocompleteInput puts its name in the text box (an effect): the input
 * appears showing the chosen record by name, never blank first.
 */
function ShownWithChosen({ children }: { children: ReactNode }) {
  const { selectedChoices, source } = useChoicesContext();
  const chosen = useWatch({ name: source ?? '' }) as unknown;
  const waiting = chosen != null && chosen !== '' && !selectedChoices?.length;
  const [shown, setShown] = useState(!waiting);
  useEffect(() => {
    if (!waiting) setShown(true);
  }, [waiting]);
  // Only the first showing waits: a record picked later is shown by AutocompleteInput itself.
  if (waiting && !shown) return null;
  return <div hidden={!shown}>{children}</div>;
}
