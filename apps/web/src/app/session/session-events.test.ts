import { describe, expect, it } from 'vitest';
import { createSessionEvents, type SessionEvent } from './session-events';

describe('createSessionEvents', () => {
  it('delivers to listeners, and keeps what was emitted before anyone listened', () => {
    const events = createSessionEvents();
    events.emit({ type: 'session-ended' });
    const seen: SessionEvent[] = [];
    const stop = events.subscribe((event) => seen.push(event));
    events.emit({ type: 'signed-out' });
    expect(seen).toEqual([{ type: 'session-ended' }, { type: 'signed-out' }]);
    stop();
    events.emit({ type: 'signed-out' });
    expect(seen).toHaveLength(2);
  });
});
