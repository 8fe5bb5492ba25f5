/**
 * A build plugin that removes the layout white space from Lit's `html` and `css` templates in the script bundles.
 * The JavaScript minifier leaves template text alone; whitespace between tags and inside style sheets is most of
 * what these templates are. Only the literal text changes, never an expression, and only where it cannot matter:
 * between two tags, at a template's ends, and CSS white space and comments next to `{ } ; ,`.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

interface Edit {
  start: number;
  end: number;
  text: string;
}

export function minifyHtml(text: string, first: boolean, last: boolean): string {
  let result = text.replace(/>\s+</g, '><').replace(/\s+/g, ' ');
  if (first) result = result.replace(/^\s+/, '');
  if (last) result = result.replace(/\s+$/, '');
  return result;
}

export function minifyCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The edits that minify every `html` and `css` tagged template of one module. */
export function templateEdits(code: string, fileName: string): Edit[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && (node.tag.text === 'html' || node.tag.text === 'css')) {
      const minify = node.tag.text === 'css' ? (text: string) => minifyCss(text) : minifyHtml;
      const template = node.template;
      // Each literal part's text lies between its delimiters: ` or } before, ` or ${ after.
      const parts: ts.Node[] = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      parts.forEach((part, index) => {
        const start = part.getStart(source) + 1;
        const end = part.getEnd() - (index === parts.length - 1 ? 1 : 2);
        const text = code.slice(start, end);
        const minified = minify(text, index === 0, index === parts.length - 1);
        if (minified !== text) edits.push({ start, end, text: minified });
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits;
}

export function minifyLitTemplates(): Plugin {
  return {
    name: 'prepaid-upgrade:minify-lit-templates',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(html|css)`/.test(code)) return null;
      const edits = templateEdits(code, id).sort((a, b) => b.start - a.start);
      let result = code;
      for (const { start, end, text } of edits) result = result.slice(0, start) + text + result.slice(end);
      return { code: result, map: null };
    },
  };
}
