// The build's template minifier changes only white space that cannot matter, and never an expression.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minifyCss, minifyHtml, minifyStyleSheet, templateEdits } from '../../tools/minify-lit-templates.js';

const apply = (code: string) =>
  templateEdits(code, 'x.ts')
    .sort((a, b) => b.start - a.start)
    .reduce((result, { start, end, text }) => result.slice(0, start) + text + result.slice(end), code);

describe('minifyHtml', () => {
  it('drops white space between tags and at the ends, and folds the rest to one space', () => {
    assert.equal(minifyHtml('\n  <div>\n    <p>a   b</p>\n  </div>\n', true, true), '<div><p>a b</p></div>');
  });
  it('keeps the space between text and an expression', () => {
    assert.equal(minifyHtml('<p>Said: ', true, false), '<p>Said: ');
    assert.equal(minifyHtml(' <span>', false, false), ' <span>');
  });
});

describe('minifyCss', () => {
  it('drops comments and white space around braces, semicolons and commas', () => {
    assert.equal(
      minifyCss('/* why */\n  :host {\n    color: red;\n    margin: 0 1px;\n  }\n  a,\n  b { x: y; }'),
      ':host{color: red;margin: 0 1px}a,b{x: y}',
    );
  });
  it('keeps the descendant space before a pseudo-class', () => {
    assert.equal(minifyCss('.placeholder :is(label, p) { a: b; }'), '.placeholder :is(label,p){a: b}');
  });
});

describe('minifyStyleSheet', () => {
  it('minifies a whole style sheet and keeps a fallback declaration before the one it stands in for', () => {
    assert.equal(
      minifyStyleSheet(
        '/* why */\n  .a {\n    background: #6b728038;\n    background: color-mix(in srgb, var(--b) 22%, transparent);\n  }\n',
        'x.ts',
      ),
      '.a{background:#6b728038;background:color-mix(in srgb, var(--b) 22%, transparent)}',
    );
  });
  it('keeps what an @supports guard holds', () => {
    assert.equal(
      minifyStyleSheet('@supports (color: light-dark(#000, #fff)) { :host { --a: light-dark(#ffffff, #111827); } }', 'x.ts'),
      '@supports (color:light-dark(#000, #fff)){:host{--a:light-dark(#fff,#111827)}}',
    );
  });
});

describe('templateEdits', () => {
  it('minifies the literal parts of html and css templates and leaves expressions and other templates alone', () => {
    const code = [
      'const a = html`\n  <p class="x">\n    ${value}  and  ${html`  <b> ${inner} </b>  `}\n  </p>\n`;',
      'const b = css`\n  p { color: ${red}; }\n`;',
      'const c = other`  keep   this  `;',
      'const d = `  plain   ${x}  `;',
    ].join('\n');
    assert.equal(
      apply(code),
      [
        'const a = html`<p class="x"> ${value} and ${html`<b> ${inner} </b>`} </p>`;',
        'const b = css`p{color:${red}}`;',
        'const c = other`  keep   this  `;',
        'const d = `  plain   ${x}  `;',
      ].join('\n'),
    );
  });

  it('makes a whole style sheet with unsafeCSS, so that the bundle needs no css function', () => {
    assert.equal(
      apply("import { css } from 'lit';\nexport const styles = css`\n  p { color: red; }\n`;"),
      "import { unsafeCSS as __unsafeCSS } from 'lit';\nimport { css } from 'lit';\nexport const styles = __unsafeCSS(`p{color:red}`);",
    );
  });

  it("keeps the tag of a whole style sheet whose css is not Lit's, and minifies its text", () => {
    assert.equal(
      apply('const css = ([text]) => text;\nexport const styles = css`\n  p { color: red; }\n`;'),
      'const css = ([text]) => text;\nexport const styles = css`p{color:red}`;',
    );
    assert.equal(
      apply("import type { css } from 'lit';\nexport const styles = css`\n  p { color: red; }\n`;"),
      "import type { css } from 'lit';\nexport const styles = css`p{color:red}`;",
    );
  });
});
