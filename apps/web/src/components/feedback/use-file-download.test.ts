import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/http';
import { DOWNLOAD_TEXTS, downloadFailureOf } from './use-file-download';

describe('log download failure texts (spec 2 §8)', () => {
  it("says 'Download Error' when the server refused and 'Download Failed' when no answer came", () => {
    expect(DOWNLOAD_TEXTS[downloadFailureOf(new ApiRequestError(400, 'bad_request', 'Bad range'))]).toBe(
      'Download Error',
    );
    expect(DOWNLOAD_TEXTS[downloadFailureOf(new ApiRequestError(0, 'network_error', 'offline'))]).toBe(
      'Download Failed',
    );
    expect(DOWNLOAD_TEXTS[downloadFailureOf(new TypeError('Blob failed'))]).toBe('Download Failed');
  });
});
