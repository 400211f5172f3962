import { posix } from 'node:path';
import { badRequest } from '../../errors';
import { inflatesTooLarge, NOT_A_WORKBOOK, PART_XML_MAX } from '../importLimits';
import { readXmlEntry, type XmlHandlers } from './xmlEntry';
import type { ZipEntry } from './zipEntries';

/** Where the parts an import reads are, and how the workbook counts its dates. */
export interface WorkbookParts {
  /** The first sheet of the workbook's list (hidden or not), as exceljs's worksheets[0]. */
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  date1904: boolean;
}

const partLimits = (part: string) => ({ maxBytes: PART_XML_MAX, tooLarge: inflatesTooLarge(part, PART_XML_MAX) });

async function readPart(zip: Buffer, entry: ZipEntry, part: string, handlers: XmlHandlers): Promise<void> {
  await readXmlEntry(zip, entry, partLimits(part), handlers);
}

/** A relationship part's targets by id and by type (its last path segment), resolved against `base`. */
async function readRelationships(zip: Buffer, entry: ZipEntry, base: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  await readPart(zip, entry, 'relationships', {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Target || attributes.TargetMode === 'External') return;
      const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : posix.normalize(posix.join(base, attributes.Target));
      if (attributes.Id) byId.set(attributes.Id, target);
      const type = (attributes.Type ?? '').split('/').pop() ?? '';
      if (!byType.has(type)) byType.set(type, target);
    },
  });
  return { byId, byType };
}

const relationshipsOf = (part: string) => posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

/** The workbook's first sheet, its shared strings and styles, found through the package's relationships. */
export async function findWorkbookParts(zip: Buffer, entries: Map<string, ZipEntry>): Promise<WorkbookParts> {
  const packageRels = entries.get('_rels/.rels');
  const workbookPath = (packageRels && (await readRelationships(zip, packageRels, '')).byType.get('officeDocument')) ?? 'xl/workbook.xml';
  const workbook = entries.get(workbookPath);
  if (!workbook) throw badRequest(NOT_A_WORKBOOK);
  let firstSheetId: string | undefined;
  let date1904 = false;
  await readPart(zip, workbook, 'workbook', {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attributes['r:id'] ?? attributeEndingIn(attributes, ':id');
    },
  });
  const workbookRels = entries.get(relationshipsOf(workbookPath));
  const { byId, byType } = workbookRels
    ? await readRelationships(zip, workbookRels, posix.dirname(workbookPath))
    : { byId: new Map<string, string>(), byType: new Map<string, string>() };
  const sheet = firstSheetId === undefined ? undefined : entries.get(byId.get(firstSheetId) ?? '');
  if (!sheet) throw badRequest('The workbook has no sheet.');
  const near = (name: string) => posix.join(posix.dirname(workbookPath), name);
  return {
    sheet,
    sharedStrings: entries.get(byType.get('sharedStrings') ?? near('sharedStrings.xml')),
    styles: entries.get(byType.get('styles') ?? near('styles.xml')),
    date1904,
  };
}

/** A namespaced attribute whatever its prefix (`r:id`, `ns1:id`). */
function attributeEndingIn(attributes: Record<string, string>, suffix: string): string | undefined {
  const key = Object.keys(attributes).find((name) => name.endsWith(suffix));
  return key === undefined ? undefined : attributes[key];
}

/** Excel's built-in number formats that show a date or a time (exceljs's list: 14–22, 45–47). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format shows a date or time when, outside quotes and brackets, it has y, m, d, h, s or b (exceljs's rule). */
export const isDateFormat = (format: string) => /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** For each cell style (its index, a cell's `s`), whether it formats numbers as dates. */
export async function readDateStyles(zip: Buffer, styles: ZipEntry | undefined): Promise<(styleId: number) => boolean> {
  if (!styles) return () => false;
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellFormats = false;
  await readPart(zip, styles, 'styles', {
    open(name, attributes) {
      if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) formatIds.push(parseInt(attributes.numFmtId ?? '0', 10));
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false;
    },
  });
  const dateStyles = formatIds.map((id) => {
    if (!id) return false;
    const custom = customFormats.get(id);
    return custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
  // Style 0 never makes a date: exceljs looks a style up only for a truthy id.
  return (styleId) => styleId > 0 && dateStyles[styleId] === true;
}
