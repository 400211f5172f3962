import { useDelete, useLocation, useNavigate, type RaRecord } from 'react-admin';
import { sites } from '../../schema';

/**
 * Deletes the site and goes back (SPEC §4), or to the sites list when the site was opened
 * directly. A refusal (409: estimates attached) changes nothing; the server's message
 * reaches the user through the data provider's error handling.
 */
export function useDeleteSite(record: RaRecord | undefined, onSettled: () => void) {
  const navigate = useNavigate();
  // The first location of a visit has the key 'default': there is nothing of ours to go back to.
  const canGoBack = useLocation().key !== 'default';
  const [deleteOne, { isPending }] = useDelete();

  const deleteSite = () => {
    if (!record) return;
    deleteOne(
      sites.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onSettled();
          if (canGoBack) navigate(-1);
          else navigate(`/${sites.route}`);
        },
        onError: () => onSettled(),
      },
    );
  };

  return { deleteSite, isPending };
}
