import { useDelete, useNavigate, type RaRecord } from 'react-admin';
import { customers } from '../../schema';

/**
 * Deletes the customer and returns to the list. A refusal (409: estimates attached) leaves
 * everything as it was; the server's message reaches the user through the error handling
 * of the data provider.
 */
export function useDeleteCustomer(record: RaRecord | undefined, onSettled: () => void) {
  const navigate = useNavigate();
  const [deleteOne, { isPending }] = useDelete();

  const deleteCustomer = () => {
    if (!record) return;
    deleteOne(
      customers.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onSettled();
          navigate(`/${customers.route}`);
        },
        onError: () => onSettled(),
      },
    );
  };

  return { deleteCustomer, isPending };
}
