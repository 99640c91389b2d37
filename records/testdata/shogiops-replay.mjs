// Replays a PSN file (and its JSON lines) that balancefarm wrote with
// shogiops, lishogi's rules library, as an independent reader: every
// move must be the one legal move shogiops's Western-engine notation
// writes so (its origin square may differ only where the two disagree on
// ambiguity), the final board must be the engine's, and a game the
// engine ended by checkmate or stalemate must end so there too.
// Usage: SHOGIOPS=DIR node shogiops-replay.mjs FILE.pgn FILE.games.jsonl
// (DIR holds node_modules/shogiops). Exit status 1 on any disagreement.
import fs from 'node:fs';
import path from 'node:path';

const lib = (f) => import(path.join(process.env.SHOGIOPS, 'node_modules/shogiops/dist', f));
const { parseSfen, makeSfen } = await lib('sfen.js');
const { makeWesternEngineMoveOrDrop } = await lib('notation/western-engine.js');
const { parsePieceName } = await lib('util.js');

const [pgnPath, jsonlPath] = process.argv.slice(2);
const records = fs.readFileSync(jsonlPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const games = fs.readFileSync(pgnPath, 'utf8').trim().split(/\n\n(?=\[)/);
const withoutOrigin = (s) => s.replace(/^(\+?[A-Z])\d[a-i](?=[-x*])/, '$1');
let failed = 0, originDiffers = 0;

function legalMoves(pos) {
  const out = [];
  for (const [from, dests] of pos.allMoveDests())
    for (const to of dests)
      for (const promotion of [false, true]) if (pos.isLegal({ from, to, promotion })) out.push({ from, to, promotion });
  for (const [name, dests] of pos.allDropDests()) for (const to of dests) out.push({ role: parsePieceName(name).role, to });
  return out;
}

function replay(text, record, n) {
  const tags = Object.fromEntries([...text.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
  const movetext = text.split('\n').filter((l) => !l.startsWith('[')).join(' ').replace(/\{[^}]*\}/g, ' ');
  const words = movetext.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w) && !['1-0', '0-1', '1/2-1/2', '*'].includes(w));
  const read = parseSfen(tags.Variant, tags.SFEN);
  if (read.isErr) return `SFEN ${tags.SFEN}: ${read.error}`;
  const pos = read.value;
  for (const [i, word] of words.entries()) {
    const legal = legalMoves(pos);
    let found = legal.filter((md) => makeWesternEngineMoveOrDrop(pos, md) === word);
    if (found.length === 0) {
      found = legal.filter((md) => withoutOrigin(makeWesternEngineMoveOrDrop(pos, md)) === withoutOrigin(word));
      if (found.length === 1) originDiffers++;
    }
    if (found.length !== 1) return `ply ${i + 1} (${word}): ${found.length} legal moves are written so`;
    pos.play(found[0]);
  }
  const board = makeSfen(pos).split(' ')[0], engine = record.final_fen.split('[')[0];
  if (board !== engine) return `final board ${board}, the engine's ${engine}`;
  if (tags.Ending === 'checkmate' && !pos.isCheckmate()) return 'the engine says checkmate, shogiops does not';
  if (tags.Ending === 'stalemate' && !pos.isStalemate()) return 'the engine says stalemate, shogiops does not';
  return '';
}

games.forEach((text, i) => {
  const why = replay(text, records[i], i + 1);
  if (why) {
    failed++;
    console.log(`game ${i + 1}: ${why}`);
  }
});
console.log(`${games.length - failed} of ${games.length} games replayed by shogiops; ${originDiffers} moves named with another origin`);
process.exit(failed > 0 || games.length !== records.length ? 1 : 0);
