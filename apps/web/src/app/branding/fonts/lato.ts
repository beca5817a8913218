import weight400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url';
import weight700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url';
import type { FontFiles } from './font-files';

/** Lato, Latin subset, the weights the theme uses (Lato has no 500 or 600: the browser takes the nearest weight). */
const files: FontFiles = {
  family: 'Lato',
  faces: [
    { weight: 400, url: weight400 },
    { weight: 700, url: weight700 },
  ],
};
export default files;
