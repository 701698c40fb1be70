import path from 'node:path';
import type { Rule } from 'eslint';

/**
 * Feature folders are islands (bulletproof-react's rule): `src/features/<x>` may import shared code
 * (`src/components`, `src/config`, `src/utils`, packages) and itself, never another feature and never
 * `src/app`, which composes the features. Checked on the resolved path of every relative import.
 */
function areaOf(file: string): { root: string; feature: string | null; app: boolean } | null {
  const match = /^(.*\/src)\/(?:features\/([^/]+)|(app))(?:\/|$)/.exec(file.split(path.sep).join('/'));
  if (!match) return null;
  return { root: match[1]!, feature: match[2] ?? null, app: Boolean(match[3]) };
}

export const featureBoundaries: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature never imports another feature or the app layer.' },
    schema: [],
    messages: {
      sideways: "Feature '{{from}}' imports feature '{{to}}': move what both need to src/components or src/config.",
      upwards: "Feature '{{from}}' imports src/app: the app composes features, never the other way round.",
    },
  },
  create(context) {
    const importer = areaOf(context.filename);
    if (!importer?.feature) return {};
    const check = (node: Rule.Node, source: string) => {
      if (!source.startsWith('.')) return;
      const target = areaOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.root !== importer.root) return;
      if (target.app) context.report({ node, messageId: 'upwards', data: { from: importer.feature! } });
      else if (target.feature && target.feature !== importer.feature) {
        context.report({ node, messageId: 'sideways', data: { from: importer.feature!, to: target.feature } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node as Rule.Node, String(node.source.value)),
      ExportNamedDeclaration: (node) => node.source && check(node as Rule.Node, String(node.source.value)),
      ExportAllDeclaration: (node) => check(node as Rule.Node, String(node.source.value)),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node as Rule.Node, String(node.source.value)),
    };
  },
};
