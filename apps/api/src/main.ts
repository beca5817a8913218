import { loadConfig } from './config.js';
import { demoLoginsText } from './demo-logins.js';
import { startRuntime } from './runtime.js';

/** `npm start`: API, web app and (by default) the job worker in one process. */
const config = loadConfig();
const runtime = await startRuntime(config);
await runtime.app.listen({ port: config.port, host: config.host });
const port = (runtime.app.server.address() as { port: number }).port;
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
console.log(
  `\nReady on http://localhost:${port} (database: ${where}; worker: ${config.inProcessWorker ? 'in process' : 'separate'})`,
);
if (runtime.identitySeed?.generated)
  console.log(
    `Sandbox identities: ${runtime.identitySeed.people.toLocaleString('en-US')} synthetic people generated in ${runtime.identitySeed.milliseconds} ms`,
  );
console.log(`API docs: http://localhost:${port}/api/docs`);
console.log(`${demoLoginsText(port)}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    try {
      await runtime.close();
      process.exit(0);
    } catch (err) {
      console.error('shutdown failed', err);
      process.exit(1);
    }
  });
}
