import { useLocation, useNavigate } from 'react-admin';

/** Where a detail page goes once its record is deleted. */
export interface AfterDelete {
  /** The screen to open, e.g. the list. */
  to: string;
  /** Go back to the screen the record was opened from instead, when this visit has one. */
  goBackWhenPossible?: boolean;
}

/** The move a detail page makes after its record was deleted. */
export function useLeaveAfterDelete({ to, goBackWhenPossible = false }: AfterDelete): () => void {
  const navigate = useNavigate();
  // The first location of a visit has the key 'default': there is nothing of ours to go back to.
  const canGoBack = useLocation().key !== 'default';
  return () => {
    if (goBackWhenPossible && canGoBack) navigate(-1);
    else navigate(to);
  };
}
