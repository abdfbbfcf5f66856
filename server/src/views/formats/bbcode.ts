import { html as renderBbcode } from '@bbob/html';
import presetHTML5 from '@bbob/preset-html5';
import { escapeHtml } from '../html.ts';

/**
 * BBCode for posts, on @bbob with its HTML5 preset: [b] [i] [u] [s] [url] [url=...] [code]
 * [quote] [list] [list=1] [*], in any letter case. Other tags, and tags never closed, stay as
 * text; newlines become line breaks (except in code and next to blocks). The result still goes
 * through the scrubber.
 */

const KNOWN_TAGS = ['b', 'i', 'u', 's', 'url', 'code', 'quote', 'list', '*'];
const BLOCKS = new Set(['blockquote', 'ul', 'ol', 'li', 'pre']);
/**
 * The preset maps every node it visits, the ones it made too: results named like a BBCode tag
 * carry another name until the end.
 */
const FINAL_NAMES: Record<string, string> = { 'bbcode-u': 'u', 'bbcode-code': 'code' };

type Plugin = Extract<Parameters<typeof renderBbcode>[1], (...args: never[]) => unknown>;
type Tree = Parameters<Plugin>[0];
type Node = Tree[number];
type Tag = Extract<Node, object>;

/** A plugin that replaces the tree's nodes with what `map` makes of them. */
const replacing =
  (map: (nodes: Node[]) => Node[]): Plugin =>
  (tree) => {
    tree.splice(0, tree.length, ...map([...tree]));
    return tree;
  };

const isTag = (node: Node): node is Tag => typeof node === 'object' && node !== null;
const tag = (name: string, content: Node[]): Tag => ({ tag: name, attrs: {}, content });
const contentOf = (node: Tag): Node[] => {
  const content = node.content;
  if (Array.isArray(content)) return content;
  return content === null || content === undefined ? [] : [content];
};
const textOf = (nodes: Node[]): string =>
  nodes.map((n) => (isTag(n) ? textOf(contentOf(n)) : String(n ?? ''))).join('');

/**
 * Before the preset: tag names in lower case; a tag never closed, or a list item outside a
 * list, goes back to the text it was written as (its content stays).
 */
function restoreUnclosed(source: string) {
  const walk = (nodes: Node[], inList: boolean): Node[] =>
    nodes.flatMap((node): Node[] => {
      if (!isTag(node)) return [node];
      const name = String(node.tag).toLowerCase();
      const content = walk(contentOf(node), name === 'list');
      const unclosed = name === '*' ? !inList : !node.end;
      if (unclosed) {
        const written = node.start ? source.slice(node.start.from, node.start.to) : `[${name}]`;
        return [written, ...content];
      }
      return [{ ...node, tag: name, content }];
    });
  return replacing((tree) => walk(tree, false));
}

/** b, i, u and s as the semantic tags the scrubber keeps; code inline or as a block; bare quotes. */
const preset = presetHTML5.extend((tags) => ({
  ...tags,
  b: (node) => tag('strong', contentOf(node)),
  i: (node) => tag('em', contentOf(node)),
  u: (node) => tag('bbcode-u', contentOf(node)),
  s: (node) => tag('del', contentOf(node)),
  quote: (node) => tag('blockquote', contentOf(node)),
  code: (node) => {
    const code = textOf(contentOf(node));
    return code.includes('\n')
      ? tag('pre', [tag('bbcode-code', [code.replace(/^\n|\n$/g, '')])])
      : tag('bbcode-code', [code]);
  },
}));

const isBlock = (node: Node | undefined) =>
  node !== undefined && isTag(node) && BLOCKS.has(node.tag);

/**
 * After the preset: text escaped (the renderer writes strings as they are), newlines as breaks
 * except in code and where they only separate blocks, and no stray whitespace inside lists.
 */
function finishText(nodes: Node[], inCode: boolean, parent: string): Node[] {
  let children = nodes;
  if (parent === 'ul' || parent === 'ol')
    children = children.filter((n) => isTag(n) || String(n ?? '').trim() !== '');
  if (parent === 'blockquote' || parent === 'li') {
    const first = 0;
    const last = children.length - 1;
    children = children.filter((n, k) => !((k === first || k === last) && n === '\n'));
  }
  return children.flatMap((node, k): Node[] => {
    if (isTag(node)) {
      const name = FINAL_NAMES[node.tag] ?? node.tag;
      const code = inCode || name === 'code' || name === 'pre';
      return [{ ...node, tag: name, content: finishText(contentOf(node), code, name) }];
    }
    const text = String(node ?? '');
    if (inCode) return [escapeHtml(text)];
    if (text === '\n') {
      if (isBlock(children[k - 1]) || isBlock(children[k + 1])) return [];
      return ['<br/>'];
    }
    return [escapeHtml(text).replace(/\n/g, '<br/>')];
  });
}

export function bbcodeToHtml(source: string): string {
  const text = source.replace(/\r\n?/g, '\n');
  return renderBbcode(
    text,
    [restoreUnclosed(text), preset(), replacing((tree) => finishText(tree, false, ''))],
    { onlyAllowTags: KNOWN_TAGS, caseFreeTags: true, contextFreeTags: ['code'] },
  );
}
