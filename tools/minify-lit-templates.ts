/**
 * A build plugin that minifies Lit's `html` and `css` templates in the script bundles. The JavaScript minifier
 * leaves template text alone; whitespace between tags and inside style sheets is most of what these templates are.
 * Only the literal text changes, never an expression. In `html`, only white space where it cannot matter: between
 * two tags and at a template's ends. A whole style sheet (a `css` template without expressions) goes through Lightning
 * CSS for the engines of package.json's `browserslist`, as a style sheet file would, and is made with Lit's `unsafeCSS`
 * rather than `css` when the module imports Lit's; a `css` template with expressions only loses white space and comments next to `{ } ; ,`.
 */
import { fileURLToPath } from 'node:url';
import browserslist from 'browserslist';
import { browserslistToTargets, transform } from 'lightningcss';
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

const cssTargets = browserslistToTargets(browserslist(undefined, { path: fileURLToPath(new URL('..', import.meta.url)) }));

/** A whole style sheet, minified; nothing the browser list needs is lowered away (fallbacks stay in order). */
export function minifyStyleSheet(text: string, fileName: string): string {
  const { code, warnings } = transform({ filename: fileName, code: Buffer.from(text), minify: true, targets: cssTargets });
  if (warnings.length > 0) throw new Error(`${fileName}: ${warnings.map((warning) => warning.message).join('; ')}`);
  const minified = code.toString();
  // The result goes back between backticks: anything a template literal would read differently is refused.
  if (/[`\\]|\$\{/.test(minified)) throw new Error(`${fileName}: the minified style sheet has a backtick, backslash or \${`);
  return minified;
}

/** A part of a style sheet between expressions: only white space and comments that cannot matter go. */
export function minifyCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The name a rewritten style sheet calls `unsafeCSS` by, apart from any name of the module's own. */
const UNSAFE_CSS = '__unsafeCSS';

/** The edits that minify every `html` and `css` tagged template of one module. */
export function templateEdits(code: string, fileName: string): Edit[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  // Only Lit's `css` makes a CSSResult that `unsafeCSS` can make instead. A module's own `css` tag, in a chunk that
  // does not carry Lit, keeps its tag and gets only the minified text.
  const litCss = source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === 'lit' &&
      !statement.importClause?.isTypeOnly &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((element) => !element.isTypeOnly && element.name.text === 'css'),
  );
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && (node.tag.text === 'html' || node.tag.text === 'css')) {
      const template = node.template;
      const minify =
        node.tag.text === 'html'
          ? minifyHtml
          : ts.isNoSubstitutionTemplateLiteral(template)
            ? (text: string) => minifyStyleSheet(text, fileName)
            : (text: string) => minifyCss(text);
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
      if (litCss && node.tag.text === 'css' && ts.isNoSubstitutionTemplateLiteral(template)) {
        // A whole style sheet needs nothing of `css` but its result, which Lit's `unsafeCSS` makes of the same
        // (our own, minified) text: the bundle then carries no `css` function, and `unsafeCSS` is in it anyway.
        edits.push(
          { start: node.tag.getStart(source), end: node.tag.getEnd(), text: `${UNSAFE_CSS}(` },
          { start: node.getEnd(), end: node.getEnd(), text: ')' },
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.some(({ text }) => text === `${UNSAFE_CSS}(`))
    edits.push({ start: 0, end: 0, text: `import { unsafeCSS as ${UNSAFE_CSS} } from 'lit';\n` });
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
