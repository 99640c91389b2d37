// Replays a PGN file (and its JSON lines) that balancefarm wrote with
// chessops, lichess's rules library, as an independent reader that knows
// the variants: the Variant tag must be the name lichess exports the
// game under (none for chess), every move must be SAN that chessops reads
// as a legal move, the final position (board with promoted marks,
// pockets, side to move, castling, the checks three-check still needs)
// must be the engine's, and a game the engine ended by checkmate,
// stalemate or a variant's goal must end so there too, with the same
// winner.
// Usage: CHESSOPS=DIR node chessops-replay.mjs FILE.pgn FILE.games.jsonl
// (DIR holds node_modules/chessops). Exit status 1 on any disagreement.
import fs from 'node:fs';
import path from 'node:path';

const lib = (f) => import(path.join(process.env.CHESSOPS, 'node_modules/chessops/dist/esm', f));
const { parsePgn, makeVariant } = await lib('pgn.js');
const { parseSan } = await lib('san.js');
const { parseFen, makeFen } = await lib('fen.js');
const { defaultPosition, setupPosition } = await lib('variant.js');

const [pgnPath, jsonlPath] = process.argv.slice(2);
const records = fs.readFileSync(jsonlPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const games = parsePgn(fs.readFileSync(pgnPath, 'utf8'));

// The rules by the exact name lichess exports them under (makeVariant),
// not chessops's lenient reading of the tag, so a name of our own fails.
const rulesByName = new Map(
  ['chess', 'crazyhouse', 'atomic', 'kingofthehill', '3check', 'horde', 'racingkings', 'antichess'].map((
    r,
  ) => [makeVariant(r) ?? '', r]),
);

// The engine's endings that are a rule of the game chessops plays too.
const endings = {
  checkmate: (pos) => pos.isCheckmate(),
  stalemate: (pos) => pos.isStalemate(),
  royal_capture: (pos) => pos.isVariantEnd(), // atomic: a king blown up
  reach: (pos) => pos.isVariantEnd(), // King of the Hill
  check_limit: (pos) => pos.isVariantEnd(), // three-check
  annihilation: (pos) => pos.isVariantEnd(), // horde: white has nothing left
  extinction: (pos) => pos.isVariantEnd(),
};
// The JSON lines' winner (0 the first mover, 1 the second, -1 a draw),
// since chessops takes a game's Result from the token after its moves.
const winnerOf = { 0: 'white', 1: 'black', '-1': undefined };

// The fields of a FEN both sides write alike: the board with its pocket
// (letters sorted, since the order is each writer's own), side to move,
// castling and three-check's remaining checks. Left out: the en passant
// square (chessops writes it only when a capture there is legal) and the
// clocks (the rule files' no-progress clock is the language's).
function comparable(fen) {
  const f = fen.split(' ');
  const [board, pocket] = f[0].replace(/\]$/, '').split('[');
  const sorted = pocket === undefined ? '' : `[${[...pocket].sort().join('')}]`;
  const checks = f.length > 6 ? ` ${f[4]}` : '';
  return `${board}${sorted} ${f[1]} ${f[2]}${checks}`;
}

function replay(game, record) {
  const headers = game.headers;
  const rules = rulesByName.get(headers.get('Variant') ?? '');
  if (!rules) return `Variant "${headers.get('Variant')}" is not a name lichess exports`;
  let pos = defaultPosition(rules);
  if (headers.get('FEN')) {
    const read = parseFen(headers.get('FEN')).chain((setup) => setupPosition(rules, setup));
    if (read.isErr) return `FEN ${headers.get('FEN')}: ${read.error.message}`;
    pos = read.value;
  }
  let ply = 0;
  for (const node of game.moves.mainline()) {
    ply++;
    const move = parseSan(pos, node.san);
    if (!move) return `ply ${ply} (${node.san}): no legal move is written so in ${makeFen(pos.toSetup())}`;
    pos.play(move);
  }
  if (ply !== record.plies) return `${ply} moves read, ${record.plies} played`;
  const mine = comparable(makeFen(pos.toSetup())), engine = comparable(record.final_fen);
  if (mine !== engine) return `final position ${mine}, the engine's ${engine}`;
  const ending = headers.get('Ending');
  if (ending in endings) {
    if (!endings[ending](pos)) return `the engine ended the game by ${ending}, chessops does not`;
    const outcome = pos.outcome();
    if (!outcome || outcome.winner !== winnerOf[record.winner])
      return `chessops's outcome ${JSON.stringify(outcome)}, the engine's winner ${record.winner}`;
  } else if (pos.isEnd() && !pos.isInsufficientMaterial()) {
    return `the engine ended the game by ${ending}, chessops by ${JSON.stringify(pos.outcome())}`;
  }
  return '';
}

let failed = 0;
const ended = {};
games.forEach((game, i) => {
  const why = replay(game, records[i]);
  const ending = game.headers.get('Ending');
  if (!why && ending in endings) ended[ending] = (ended[ending] ?? 0) + 1;
  if (why) {
    failed++;
    console.log(`game ${i + 1}: ${why}`);
  }
});
const checked = Object.entries(ended).map(([e, n]) => `${e} ${n}`).join(', ') || 'none';
console.log(`${games.length - failed} of ${games.length} games replayed by chessops; endings checked there: ${checked}`);
process.exit(failed > 0 || games.length !== records.length ? 1 : 0);
