/**
 * Why the server could not start, and what to do, in words for whoever ran `npm start`
 * (issue 35: a start that truly fails says why and what to do).
 */
export function startFailureMessage(error: unknown, where: { port: number; host: string }): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const text = message ?? String(error);
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${where.port} is already in use (another Yardstick, or another program). Stop it, or start on another port: PORT=3001 npm start.`;
    case 'EACCES':
      return `This user may not listen on port ${where.port} of ${where.host}. Choose a port above 1023: PORT=3000 npm start.`;
    case 'EADDRNOTAVAIL':
      return `${where.host} is not an address of this machine. Set HOST to one of its addresses, or leave it unset.`;
    case 'FST_ERR_PLUGIN_TIMEOUT':
      return `The server took too long to load (${text}). The machine may be very busy: close other programs and start again.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
      return `The database server named by DATABASE_URL cannot be reached (${text}). Start it, or unset DATABASE_URL to use the embedded database.`;
    case 'ENOSPC':
      return `The disk is full (${text}). Free some space and start again.`;
    default:
      return text;
  }
}
