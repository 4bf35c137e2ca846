// Hardening finding 4: a PDF with active content is never stored as sent. The two disguises that got a
// script past the old byte scan (its objects between `% stream` / `% endstream` comment lines; the catalogue
// and the script inside a compressed object stream) go to every door that takes PDFs: the complaint
// attachment upload, a complaint filed with its attachment, the clearance document upload (a citizen's) and
// the certificate upload (an Admin Branch officer's). None may be stored; a clean PDF through the same
// doors is (so the check proves the doors take PDFs at all).
import zlib from 'node:zlib';
import pg from 'pg';
import { createOfficer, signIn, signUpCitizen, uniqueNic } from '../accounts.mjs';
import { call, DEMO_PASSWORDS, multipartBody } from '../server-process.mjs';
import { colomboDay, trafficComplaintFields } from '../citizen-input.mjs';

export const title = 'PDFs with active content are never stored as sent (two disguises × every door that takes PDFs)';

const STATION = 'Kollupitiya Police Station';

/**
 * A one-page PDF with real cross-references (so readers open it): `opensScript` makes the catalogue run a
 * script on opening; `disguise` hides the objects from a byte scan that skips `stream … endstream`:
 * 'comments' puts every object between comment lines, 'objstm' puts the catalogue and the script in a
 * FlateDecode object stream (with a cross-reference stream).
 */
function pdf({ opensScript, disguise }) {
  const objects = [
    [1, `<</Type/Catalog/Pages 2 0 R${opensScript ? '/OpenAction 4 0 R' : ''}>>`],
    [2, '<</Type/Pages/Kids[3 0 R]/Count 1>>'],
    [3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>'],
    [4, opensScript ? '<</Type/Action/S/JavaScript/JS(app.alert\\(1\\))>>' : '<<>>'],
  ];
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const size = () => parts.reduce((n, p) => n + p.length, 0);
  const entries = new Map(); // object number → [type, field 2, field 3]
  const write = (num, body, stream) => {
    if (disguise === 'comments') parts.push(Buffer.from('% stream\n'));
    entries.set(num, [1, size(), 0]);
    if (stream) {
      parts.push(Buffer.from(`${num} 0 obj\n${body.replace(/>>$/, `/Length ${stream.length}>>`)}\nstream\n`), stream, Buffer.from('\nendstream\nendobj\n'));
    } else {
      parts.push(Buffer.from(`${num} 0 obj\n${body}\nendobj\n`));
    }
    if (disguise === 'comments') parts.push(Buffer.from('% endstream\n'));
  };
  if (disguise === 'objstm') {
    for (const [num, body] of objects.filter(([n]) => n === 2 || n === 3)) write(num, body);
    const inside = objects.filter(([n]) => n === 1 || n === 4);
    let table = '';
    let bodies = '';
    inside.forEach(([num, body], i) => {
      table += `${num} ${bodies.length} `;
      bodies += `${body}\n`;
      entries.set(num, [2, 5, i]);
    });
    write(5, `<</Type/ObjStm/N ${inside.length}/First ${table.length}/Filter/FlateDecode>>`, zlib.deflateSync(Buffer.from(table + bodies, 'latin1')));
    const xrefAt = size();
    entries.set(6, [1, xrefAt, 0]);
    const rows = Buffer.alloc(7 * 7);
    for (let n = 0; n < 7; n++) {
      const [type, a, b] = entries.get(n) ?? [0, 0, n === 0 ? 65535 : 0];
      rows.writeUInt8(type, n * 7);
      rows.writeUInt32BE(a, n * 7 + 1);
      rows.writeUInt16BE(b, n * 7 + 5);
    }
    write(6, '<</Type/XRef/Size 7/Root 1 0 R/W[1 4 2]/Filter/FlateDecode>>', zlib.deflateSync(rows));
    parts.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`));
  } else {
    for (const [num, body] of objects) write(num, body);
    const xrefAt = size();
    const lines = [0, 1, 2, 3, 4].map((n) => (n === 0 ? '0000000000 65535 f \n' : `${String(entries.get(n)[1]).padStart(10, '0')} 00000 n \n`));
    parts.push(Buffer.from(`xref\n0 5\n${lines.join('')}trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`));
  }
  return Buffer.concat(parts);
}

const DISGUISED = {
  'comment lines': pdf({ opensScript: true, disguise: 'comments' }),
  'object stream': pdf({ opensScript: true, disguise: 'objstm' }),
};
const CLEAN = pdf({ opensScript: false, disguise: 'objstm' });

/** One upload through a door; answers the HTTP status and the error code, if any. */
async function send(base, door, token, buffer, slotId) {
  const file = { name: 'statement.pdf', type: 'application/pdf', buffer };
  const { body, contentType } =
    door.path === '/api/complaints/traffic'
      ? multipartBody(trafficComplaintFields({ full_name: 'Attack Reporter', station: STATION, slotId }), { attachment_file: file })
      : multipartBody({}, { file });
  const res = await fetch(`${base}${door.path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
  const answer = await res.json().catch(() => undefined);
  return { status: res.status, code: answer?.error?.code };
}

export async function run({ base, databaseUrl, adminToken }) {
  const suffix = Date.now().toString(36);
  const citizen = { username: `pdfcheck.${suffix}`, password: DEMO_PASSWORDS.citizen };
  await signUpCitizen(base, { ...citizen, identity_number: uniqueNic() });
  const officer = { username: `pdfcheck.officer.${suffix}`, password: DEMO_PASSWORDS.officer };
  await createOfficer(base, adminToken, {
    ...officer,
    full_name: 'PDF Check Officer',
    officer_id: `PDFCHK-${suffix}`.slice(0, 20),
    branch: 'Admin Branch',
    station: STATION,
  });
  const tokens = { citizen: await signIn(base, citizen, 'citizen'), officer: await signIn(base, officer, 'police') };
  // A slot per complaint the check files (a citizen holds one booking per slot).
  const slots = [];
  for (let k = 0; k < 3; k++) {
    const slot = await call(base, 'POST', '/api/admin/slots', {
      token: adminToken,
      json: { date: colomboDay(2), time_from: `0${7 + k}:00`, time_to: `0${7 + k}:30`, available_slots: 5, branch: 'Traffic Branch', station: STATION },
    });
    slots.push(slot.id);
  }
  const doors = [
    { name: 'complaint attachment upload', path: '/api/complaints/upload', who: 'citizen' },
    { name: 'complaint filed with its attachment', path: '/api/complaints/traffic', who: 'citizen' },
    { name: 'clearance document upload', path: '/api/clearance/upload', who: 'citizen' },
    { name: "officer's certificate upload", path: '/api/clearance/upload', who: 'officer' },
  ];

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const pdfRows = async () => (await db.query(`select count(*)::int as n from files where mime_type = 'application/pdf'`)).rows[0].n;
  try {
    const rowsBefore = await pdfRows();
    let sent = 0;
    const stored = [];
    let refusedAsUnsafe = 0;
    for (const door of doors) {
      for (const [name, buffer] of Object.entries(DISGUISED)) {
        sent++;
        const answer = await send(base, door, tokens[door.who], buffer, slots[sent % slots.length]);
        if (answer.status >= 200 && answer.status < 300) stored.push(`${door.name} (${name})`);
        if (answer.status === 400 && answer.code === 'files.unsafe_pdf') refusedAsUnsafe++;
      }
    }
    const rowsAfterDisguised = await pdfRows();
    let cleanStored = 0;
    for (const [i, door] of doors.entries()) {
      const answer = await send(base, door, tokens[door.who], CLEAN, slots[i % slots.length]);
      if (answer.status >= 200 && answer.status < 300) cleanStored++;
    }
    return [
      {
        measure: 'disguised PDFs stored (answered 2xx)',
        value: stored.length ? `${stored.length} of ${sent}: ${stored.join('; ')}` : `0 of ${sent}`,
        target: 0,
        ok: stored.length === 0,
      },
      {
        measure: 'PDF rows added by the disguised uploads (database)',
        value: rowsAfterDisguised - rowsBefore,
        target: 0,
        ok: rowsAfterDisguised === rowsBefore,
      },
      {
        measure: 'disguised PDFs refused as 400 files.unsafe_pdf',
        value: `${refusedAsUnsafe} of ${sent}`,
        target: `${sent} of ${sent}`,
        ok: refusedAsUnsafe === sent,
      },
      {
        measure: 'a clean PDF stored through the same doors (control)',
        value: `${cleanStored} of ${doors.length}`,
        target: `${doors.length} of ${doors.length}`,
        ok: cleanStored === doors.length,
      },
    ];
  } finally {
    await db.end();
  }
}
