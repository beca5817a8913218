import weight400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url';
import weight500 from '@fontsource/open-sans/files/open-sans-latin-500-normal.woff2?url';
import weight600 from '@fontsource/open-sans/files/open-sans-latin-600-normal.woff2?url';
import weight700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url';
import type { FontFiles } from './font-files';

/** Open Sans, Latin subset, the weights the theme uses. */
const files: FontFiles = {
  family: 'Open Sans',
  faces: [
    { weight: 400, url: weight400 },
    { weight: 500, url: weight500 },
    { weight: 600, url: weight600 },
    { weight: 700, url: weight700 },
  ],
};
export default files;
