// Runs after every root `npm install` (postinstall). The npm registry these machines reach answers 404
// for platform builds of other systems (e.g. @biomejs/cli-darwin-arm64), so npm leaves them out of
// package-lock.json, and `npm ci` then refuses the lock file ("Missing: … from lock file"). This adds an
// optional entry for each such package; npm skips optional packages it cannot install, so `npm ci`
// installs exactly this platform's build. Idempotent; a complete lock file is left unchanged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
if (existsSync(file)) {
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const packages = lock.packages ?? {};
  let added = 0;
  for (const [path, meta] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted]) continue;
      packages[hoisted] = { version: String(range).replace(/^[\^~=]/, ''), dev: meta.dev, optional: true };
      added++;
    }
  }
  if (added > 0) {
    writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(
      `complete-lockfile: recorded ${added} optional platform packages the registry does not serve`,
    );
  }
}
