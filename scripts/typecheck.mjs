// One type-check command for the whole workspace: `tsc --noEmit` on every project, in turn.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/contracts',
  'packages/policy',
  'packages/pricing',
  'packages/lead-engine',
  'packages/db',
  'apps/api',
  'apps/web',
  'e2e',
  'bench',
];
let failed = 0;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', `${project}/tsconfig.json`], {
    stdio: 'inherit',
  });
  const ok = result.status === 0;
  console.log(`typecheck ${project}: ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) failed++;
}
process.exit(failed ? 1 : 0);
