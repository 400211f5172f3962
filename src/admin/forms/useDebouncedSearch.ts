import { useEffect, useRef, useState } from 'react';
import { TYPEAHEAD_DEBOUNCE_MS } from '../../domain/typeahead';

/**
 * Runs `search(text)` once typing has paused for the typeahead delay, when `shouldSearch`
 * allows it; a reply that arrives after a newer search started is dropped. Returns the
 * latest results and whether a search is under way.
 */
export function useDebouncedSearch<T>(
  text: string | null,
  search: (text: string) => Promise<T[]>,
  shouldSearch: (text: string) => boolean = () => true,
) {
  const [results, setResults] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;
  const allowRef = useRef(shouldSearch);
  allowRef.current = shouldSearch;

  useEffect(() => {
    const ticket = ++latest.current;
    if (text === null || !allowRef.current(text)) {
      setResults([]);
      setLoading(false);
      return;
    }
    const timer = setTimeout(() => {
      setLoading(true);
      // A search that throws at once counts as a failed one, like a rejected reply.
      Promise.resolve()
        .then(() => searchRef.current(text))
        .then(
          (found) => {
            if (ticket !== latest.current) return;
            setResults(found);
            setLoading(false);
          },
          () => {
            if (ticket !== latest.current) return;
            setResults([]);
            setLoading(false);
          },
        );
    }, TYPEAHEAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return { results, loading };
}
