/**
 * The non-CRUD calls of the API, on the data provider so that screens reach them through
 * `useDataProvider<YardstickDataProvider>()` (and react-admin signs the user out on a 401).
 * Later features add their typed methods here, each a thin use of `request`.
 */
import {
  API_BASE,
  downloadFile,
  httpRequest,
  type DownloadedFile,
  type DownloadOptions,
  type HttpMethod,
  type RequestOptions,
} from './httpClient';

export interface User {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  /** How clients reach them as a salesperson; null: the company's (issue 35). */
  email?: string | null;
  /** False once disabled: kept on the records that name them, offered for no new choice. */
  active: boolean;
}

export interface CustomMethods {
  /** Any API call: `path` is relative to /api, e.g. `/insights/services`. Resolves with the body. */
  request<T = unknown>(method: HttpMethod, path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  /** GET /users: everyone who can be a salesperson or estimator. */
  getUsers(): Promise<User[]>;
  /** A file from the API (`path` relative to /api), with its progress; see downloadFile. */
  download(path: string, options?: DownloadOptions): Promise<DownloadedFile>;
}

async function request<T>(method: HttpMethod, path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/", got "${path}".`);
  const { body } = await httpRequest<T>(`${API_BASE}${path}`, { ...options, method });
  return body;
}

export const customMethods: CustomMethods = {
  request,

  async getUsers() {
    const body = await request<User[] | { users?: User[] }>('GET', '/users');
    const users = Array.isArray(body) ? body : body?.users;
    if (!Array.isArray(users)) throw new Error('The server answered the users list without a list of users.');
    return users;
  },

  download: (path, options) => downloadFile(path, options),
};
