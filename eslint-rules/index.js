// Provisor's own lint rules: the package boundaries of issue 15, point 4, and
// packages/common's purity (issue 17) (see ../eslint.config.js).
import commonPure from './common-pure.js';
import serverModules from './server-modules.js';
import webFeatures from './web-features.js';
import webServerTypes from './web-server-types.js';

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'provisor' },
  rules: {
    'web-features': webFeatures,
    'web-server-types': webServerTypes,
    'server-modules': serverModules,
    'common-pure': commonPure,
  },
};

export default plugin;
