// `npm start`: build the SPA and the server when missing or stale, then run the server (as
// plain JavaScript, with node) in this terminal.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, buildSpa, staleReason } from './spaBuild.mjs';
import { SERVER_BUNDLE, SERVER_NODE_ARGS, buildServer, serverEnvironment, serverStaleReason } from './serverBuild.mjs';

const reason = staleReason();
if (reason) {
  console.log(`Building the web app (${reason})…`);
  if (!(await buildSpa())) process.exit(1);
}

const serverReason = serverStaleReason();
if (serverReason) {
  console.log(`Building the server (${serverReason})…`);
  if (!(await buildServer())) process.exit(1);
}

// Where Node.js can (22.15 and later: process.execve), this process becomes the server: one
// process remains, without a launcher's memory beside it (issue 37's footprint). The bundle
// is always run from the repository, as the spawned one is.
if (typeof process.execve === 'function') {
  process.chdir(ROOT);
  process.execve(process.execPath, [process.execPath, ...SERVER_NODE_ARGS, SERVER_BUNDLE], serverEnvironment());
}

// Elsewhere the server runs in a process group of its own so that a Ctrl-C in the terminal reaches it
// once, through us, rather than twice (directly and forwarded). It never reads standard input.
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
  cwd: ROOT,
  env: serverEnvironment(),
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // The server has already gone; its exit handler below ends this process.
    }
  });
}

// If this process is ended some other way, do not leave the server running.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
