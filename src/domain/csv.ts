/** CSV as spreadsheets read it (RFC 4180), both ways: the grid's download and the bet log's files. */

const NUMBER_LIKE = /^[+-]?\d+(\.\d+)?(%|\/\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 quoting, plus a guard against spreadsheet formulas: text starting with = + - @ (that
 * is not simply a number such as `-110`) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A field as `csvField` wrote it, its formula guard taken off. */
function unguarded(field: string): string {
  return field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;
}

/**
 * Rows of fields from CSV text (quoted fields may hold commas, quotes and line breaks); a blank
 * line is no row. Never throws: an unclosed quote runs to the end of the text.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(unguarded(field));
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
