/**
 * Fixed test vectors of the provably fair byte stream (docs/fairness.md), shared by the engine
 * (services/game-engine/src/fairness/) and the browser's verifier (client/src/lib/fairness/verify.ts): both must
 * reproduce every value here. Data only, no imports, so the client can use it in its tests without pulling in
 * anything else.
 *
 * Each case's `ints` lists and its `shuffle10` each start from a fresh stream of the same seeds (cursor 0, byte 0):
 * `ints[k].values` are the first `int(n)` draws, `shuffle10` is `shuffle([0, 1, …, 9])`. The n = 3,000,000,000 lists
 * contain rejected draws (about 30 % of uint32 values are at or above its limit) and cross into the second block;
 * n = 2^32 never rejects; the last case's nonce checks that the message spells large nonces in plain decimal.
 *
 * Computed with the engine's implementation (node:crypto), then checked by independent routes: for all four cases
 * the commitment with `xxd -r -p | openssl dgst -sha256` over the seed's bytes and the first block with
 * `openssl dgst -sha256 -mac HMAC -macopt hexkey:<serverSeed>` over "<clientSeed>:<nonce>:0" (OpenSSL 3.0), and every
 * field (commitment, first block, all ints, all shuffles) by a separate Python re-implementation on hashlib/hmac.
 * Never regenerate these from the code they test: a changed value means a changed algorithm, which would make every
 * revealed game unverifiable.
 */

export interface FairnessVector {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  /** SHA-256 of the server seed's 32 bytes, lowercase hex. */
  readonly commitment: string;
  /** HMAC-SHA256(serverSeed bytes, "<clientSeed>:<nonce>:0"), lowercase hex. */
  readonly firstBlockHex: string;
  readonly ints: readonly { readonly n: number; readonly values: readonly number[] }[];
  readonly shuffle10: readonly number[];
}

export const FAIRNESS_VECTORS: readonly FairnessVector[] = [
  {
    serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    clientSeed: 'player-1',
    nonce: 0,
    commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    firstBlockHex: '2d5ed446a31af7cafc69f85d4bcc697f7d2d61e528fa6aeb1953b53c9a3c3f8d',
    ints: [
      { n: 6, values: [4, 2, 5, 1, 1, 1, 4, 1, 1, 4] },
      { n: 10, values: [6, 8, 3, 1, 1, 1, 4, 3, 5, 6] },
      { n: 52, values: [30, 14, 45, 43, 49, 3, 0, 41, 37, 16] },
      {
        n: 3_000_000_000,
        values: [
          761189446, 2736453578, 1271687551, 2100126181, 687500011, 424916284, 2587639693, 917375176, 498342833, 1842388649, 2074321640,
          2610235233,
        ],
      },
      { n: 4_294_967_296, values: [761189446, 2736453578, 4234803293, 1271687551] },
    ],
    shuffle10: [3, 2, 4, 0, 7, 9, 1, 8, 5, 6],
  },
  {
    serverSeed: '5cb1896813b79fca114f3f19c6355079886707c46d1c8b28472cee1b33940990',
    clientSeed: 'qVipCh-ouLpXQAQZvHttLA',
    nonce: 1,
    commitment: 'a929c27585c9a9b056a8e4f4274fdcebd683c773d33af279f6a6d9997b74f795',
    firstBlockHex: '2d9f9899cf4eb61a7a07127cb096198a99cf9c39b516e579469d7d752ffd7867',
    ints: [
      { n: 6, values: [5, 4, 4, 0, 3, 1, 1, 1, 5, 1] },
      { n: 10, values: [9, 8, 6, 4, 3, 3, 9, 3, 3, 5] },
      { n: 52, values: [41, 38, 0, 14, 25, 37, 41, 39, 31, 41] },
      {
        n: 3_000_000_000,
        values: [
          765434009, 2047283836, 2962626954, 2580519993, 1184726389, 805140583, 509580323, 1738337005, 2548152663, 1180715332, 583586596,
          1434386941,
        ],
      },
      { n: 4_294_967_296, values: [765434009, 3478042138, 2047283836, 2962626954] },
    ],
    shuffle10: [6, 2, 7, 1, 5, 3, 0, 8, 4, 9],
  },
  {
    serverSeed: '0f2296d04e378c114a1020848e8da233ba495d550ff553fb811114882f849ee2',
    clientSeed: 'tdkd77Cpt8V6RXfmzWTqRya9Yky9X2SDCbqsLdwIiXEiwk2As4aAwNm2V6Ue-PST',
    nonce: 42,
    commitment: 'b1beeef178434b1f4e2968cef0673bb3780ff9e610c5acfb9a32646f1d7eb1a3',
    firstBlockHex: 'ec0521bb3332783d5d12482decbe4125d13eb110e87e1e0488311584051ae35f',
    ints: [
      { n: 6, values: [5, 3, 3, 3, 2, 2, 2, 5, 3, 5] },
      { n: 10, values: [1, 7, 3, 3, 4, 2, 8, 3, 5, 9] },
      { n: 52, values: [7, 29, 21, 37, 28, 0, 32, 11, 37, 45] },
      {
        n: 3_000_000_000,
        values: [
          858945597, 1561479213, 2284918148, 85648223, 901184069, 2010554157, 1466517110, 2874090245, 518227205, 444146234, 1412167257,
          532661361,
        ],
      },
      { n: 4_294_967_296, values: [3959759291, 858945597, 1561479213, 3971891493] },
    ],
    shuffle10: [8, 9, 4, 0, 7, 2, 3, 5, 6, 1],
  },
  {
    serverSeed: '2c743a5c74c7655c18ac82ba20798e6c4f74c8f4890bd56425c9320a9777f3fc',
    clientSeed: 'a',
    nonce: Number.MAX_SAFE_INTEGER,
    commitment: '22775b334dc136a5fd06b1d9ae098b99a39fb22dff290e9e783064edc40e6cdc',
    firstBlockHex: 'c9236577c161dec26b953e02796c870d9edaf4ccbf22406f9110e0b2d3f1f09b',
    ints: [
      { n: 6, values: [3, 4, 2, 5, 2, 1, 2, 1, 0, 0] },
      { n: 10, values: [1, 6, 0, 7, 4, 5, 8, 7, 4, 4] },
      { n: 52, values: [47, 50, 22, 9, 40, 31, 34, 51, 24, 20] },
      {
        n: 3_000_000_000,
        values: [
          1804942850, 2037155597, 2665149644, 2433802418, 2957302164, 1591070904, 437805389, 1737003716, 722308697, 1812949574, 853899774,
          1351248413,
        ],
      },
      { n: 4_294_967_296, values: [3374540151, 3244416706, 1804942850, 2037155597] },
    ],
    shuffle10: [3, 4, 6, 5, 0, 7, 8, 2, 9, 1],
  },
];
