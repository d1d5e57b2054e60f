import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/**
 * Expands Lingui's macros (`t`, `msg`, `<Trans>`, `plural`) in the console's sources. Vite 8's React
 * plugin no longer runs Babel and @rolldown/plugin-babel needs Node 22, so this runs Babel for the
 * few files that import a macro and leaves TypeScript and JSX to Vite.
 */
export function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.tsx?$/.test(file) || file.includes('/node_modules/')) return null;
      if (!/from '@lingui\/(?:core|react)\/macro'/.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
