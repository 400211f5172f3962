import { HttpError } from 'react-admin';
import { useReportFailure } from '../alerts/useReportFailure';

type Values = Record<string, unknown>;

/**
 * A form's submit around `work`: undefined once it is done; when the server refuses it, its
 * field messages, which react-admin's Form puts under their inputs (the failed call has its
 * alert). Any other failure is reported ('Unexpected Error').
 */
export function useFormSubmit(work: (values: Values) => Promise<unknown>) {
  const reportFailure = useReportFailure();
  return async (values: Values): Promise<Values | undefined> => {
    try {
      await work(values);
      return undefined;
    } catch (error) {
      reportFailure(error);
      return error instanceof HttpError && error.body?.errors ? error.body.errors : {};
    }
  };
}
