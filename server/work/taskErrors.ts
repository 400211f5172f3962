import { HttpError } from '../errors';

/** A failed call as it crosses from a worker thread: an HttpError keeps its status and fields. */
export interface TaskError {
  message: string;
  statusCode?: number;
  errors?: Record<string, string>;
}

export function describeTaskError(error: unknown): TaskError {
  if (error instanceof HttpError) return { message: error.message, statusCode: error.statusCode, errors: error.errors };
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The error again on the calling side: a user's mistake stays a 4xx, anything else a plain Error. */
export function reviveTaskError({ message, statusCode, errors }: TaskError): Error {
  return statusCode ? new HttpError(statusCode, message, errors) : new Error(message);
}
