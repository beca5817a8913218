import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTION_LABELS, auditActionLabel, isAuditAction } from '@app/contracts';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Action ids written as literals by the API's log writers: `action: '…'` (and both sides of a
 * `cond ? '…' : '…'`), `event('…'` and `record(p, '…'` of the settings services, and the third
 * argument of `settingsEvent`. Ids built from a template (`${kind}_removed`) are checked by the
 * compiler instead: the writer's `action` is typed `AuditAction`.
 */
function writtenActionIds(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\baction:\s*(?:[\w.!]+\s*\?\s*)?('[a-z_]+'(?:\s*:\s*'[a-z_]+')?)/g,
    /\bevent\(\s*('[a-z_]+')/g,
    /\brecord\(\s*p,\s*('[a-z_]+')/g,
    /\bsettingsEvent\(\s*[^,]+,\s*[^,]+,\s*('[a-z_]+')/g,
  ];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern))
        for (const literal of (match[1] ?? '').matchAll(/'([a-z]+(?:_[a-z]+)*)'/g))
          found.set(literal[1]!, file.slice(SRC.length));
  }
  return found;
}

describe('the action catalogue', () => {
  it('has a label for every action id the server writes', () => {
    const written = writtenActionIds();
    // The scan finds the writers (a scan that found nothing would prove nothing).
    expect(written.size).toBeGreaterThan(40);
    for (const [id, file] of written) expect(isAuditAction(id), `${id} in ${file}`).toBe(true);
  });

  it('labels are words, each used once', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const [id, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label, id).toMatch(/^[A-Z][^_]*$/);
      expect(auditActionLabel(id)).toBe(label);
    }
  });

  it('turns an id outside the catalogue (the web app’s own entries) into words', () => {
    expect(auditActionLabel('campaign_paused')).toBe('Campaign paused');
    expect(auditActionLabel('report.exported')).toBe('Report exported');
    expect(auditActionLabel('+dangerous')).toBe('+dangerous');
    expect(auditActionLabel('__')).toBe('__');
  });
});
