import weight400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import weight500 from '@fontsource/inter/files/inter-latin-500-normal.woff2?url';
import weight600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import weight700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import type { FontFiles } from './font-files';

/** Inter, Latin subset, the weights the theme uses. */
const files: FontFiles = {
  family: 'Inter',
  faces: [
    { weight: 400, url: weight400 },
    { weight: 500, url: weight500 },
    { weight: 600, url: weight600 },
    { weight: 700, url: weight700 },
  ],
};
export default files;
