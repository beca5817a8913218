import { FONT_THEMES, type FontTheme } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { type FontHost, fontFiles, LATIN_RANGE, loadBrandFont } from './font-files';

interface Registered {
  family: string;
  source: string;
  descriptors: FontFaceDescriptors;
}

function recordingHost(): FontHost & { added: Registered[] } {
  const added: Registered[] = [];
  return {
    added,
    fonts: { add: (face) => added.push(face as unknown as Registered) },
    createFace: (family, source, descriptors) => ({ family, source, descriptors }) as unknown as FontFace,
  };
}

describe('offered fonts', () => {
  it.each(FONT_THEMES)(
    '%s ships Latin woff2 files of its own family, regular and bold at least',
    async (theme) => {
      const files = await fontFiles(theme);
      expect(files.family).toBe(theme);
      const weights = files.faces.map((face) => face.weight);
      expect(weights).toEqual(expect.arrayContaining([400, 700]));
      for (const face of files.faces) expect(face.url).toMatch(/-latin-\d00-normal\.woff2$/);
    },
  );

  it('registers every face of the chosen font once, swapping in when loaded', async () => {
    const host = recordingHost();
    await loadBrandFont('Montserrat', host);
    await loadBrandFont('Montserrat', host);
    expect(host.added.map((face) => face.descriptors.weight)).toEqual(['400', '500', '600', '700']);
    for (const face of host.added) {
      expect(face.family).toBe('Montserrat');
      expect(face.source).toMatch(/^url\(".*montserrat-latin-\d00-normal\.woff2"\) format\('woff2'\)$/);
      expect(face.descriptors).toMatchObject({ display: 'swap', style: 'normal', unicodeRange: LATIN_RANGE });
    }
  });

  it('registers nothing of the fonts not chosen', async () => {
    const host = recordingHost();
    await loadBrandFont('Lato', host);
    expect(new Set(host.added.map((face) => face.family))).toEqual(new Set(['Lato']));
  });

  it('tries again after the font could not be registered', async () => {
    let fail = true;
    const host = recordingHost();
    const flaky: FontHost = {
      fonts: host.fonts,
      createFace: (...args) => {
        if (fail) throw new Error('no FontFace');
        return host.createFace(...args);
      },
    };
    const theme: FontTheme = 'Source Sans 3';
    await loadBrandFont(theme, flaky);
    expect(host.added).toHaveLength(0);
    fail = false;
    await loadBrandFont(theme, flaky);
    expect(host.added.map((face) => face.family)).toEqual([
      'Source Sans 3',
      'Source Sans 3',
      'Source Sans 3',
      'Source Sans 3',
    ]);
  });

  it('does nothing, without failing, where there is no document to register fonts with', async () => {
    await expect(loadBrandFont('Inter')).resolves.toBeUndefined();
  });
});
