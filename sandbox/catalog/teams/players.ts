/**
 * The player-prop menu by role: each market's typical range for the role (a star sits high in it)
 * and how the stat is distributed. The small table is the first sandbox's; the rich one is the
 * live service's wider menu for the core leagues.
 */
import type { PlayerRole } from './team-rows.ts';

export type Distribution =
  /** Normal with sd = spreadRatio * mean + spreadBase. */
  | { kind: 'normal'; spreadRatio: number; spreadBase: number }
  | { kind: 'poisson' }
  /** One-sided yes market: the range is the probability itself. */
  | { kind: 'yes' };

export interface PropModel {
  market: string;
  range: readonly [number, number];
  distribution: Distribution;
  /** Stat family for the correlation model (`passing`, `receiving`, `points`...). */
  family: string;
  /** A part-game version of `baseMarket`: its mean is `share` of the base's. */
  baseMarket?: string;
  share?: number;
  /** A combined stat: the sum of these markets' means. */
  sumOf?: readonly string[];
  /** Alternate lines beside the main one on rich boards (default 2; part-game props list only the main line). */
  alternates?: number;
}

const POINTS = { kind: 'normal', spreadRatio: 0.28, spreadBase: 1.5 } as const;
const BOARDS = { kind: 'normal', spreadRatio: 0.35, spreadBase: 1 } as const;
const DIMES = { kind: 'normal', spreadRatio: 0.4, spreadBase: 0.8 } as const;
const YARDS = { kind: 'normal', spreadRatio: 0.3, spreadBase: 8 } as const;
const TACKLES = { kind: 'normal', spreadRatio: 0.3, spreadBase: 1 } as const;
const ATTEMPTS = { kind: 'normal', spreadRatio: 0.15, spreadBase: 2 } as const;
const COUNT = { kind: 'poisson' } as const;
const YES = { kind: 'yes' } as const;

function prop(market: string, range: readonly [number, number], distribution: Distribution, family: string): PropModel {
  return { market, range, distribution, family };
}

/** The same stat for part of the game, e.g. `1st Quarter Player Points` at a quarter of the mean. */
function part(prefix: string, share: number, base: PropModel): PropModel {
  return { ...base, market: `${prefix} ${base.market}`, baseMarket: base.market, share, alternates: 0 };
}

/** Football's yardage lines come with a longer ladder of alternates. */
function ladder(model: PropModel): PropModel {
  return { ...model, alternates: 6 };
}

function combined(market: string, parts: readonly string[], family: string): PropModel {
  return { market, range: [0, 0], distribution: POINTS, family, sumOf: parts };
}

function basketballSmall(points: [number, number], rebounds: [number, number], assists: [number, number]): PropModel[] {
  return [
    prop('Player Points', points, POINTS, 'points'),
    prop('Player Rebounds', rebounds, BOARDS, 'rebounds'),
    prop('Player Assists', assists, DIMES, 'assists'),
    combined('Player Points + Rebounds + Assists', ['Player Points', 'Player Rebounds', 'Player Assists'], 'points'),
  ];
}

export const PROPS_BY_ROLE_SMALL: Readonly<Record<PlayerRole, readonly PropModel[]>> = {
  guard: basketballSmall([14, 31], [3, 6.5], [4, 9.5]),
  forward: basketballSmall([13, 30], [5, 10], [2.5, 6]),
  center: basketballSmall([11, 27], [8, 13], [2, 9]),
  quarterback: [
    prop('Player Passing Yards', [195, 285], YARDS, 'passing'),
    prop('Anytime Touchdown Scorer', [0.06, 0.3], YES, 'touchdown'),
  ],
  running_back: [
    prop('Player Rushing Yards', [45, 95], YARDS, 'rushing'),
    prop('Player Receiving Yards', [10, 35], YARDS, 'receiving'),
    prop('Anytime Touchdown Scorer', [0.35, 0.6], YES, 'touchdown'),
  ],
  receiver: [
    prop('Player Receiving Yards', [45, 95], YARDS, 'receiving'),
    prop('Anytime Touchdown Scorer', [0.28, 0.55], YES, 'touchdown'),
  ],
  tight_end: [
    prop('Player Receiving Yards', [30, 70], YARDS, 'receiving'),
    prop('Anytime Touchdown Scorer', [0.22, 0.45], YES, 'touchdown'),
  ],
  defender: [prop('Player Tackles + Assists', [2.5, 6], TACKLES, 'defense')],
  batter: [prop('Player Hits', [0.85, 1.3], COUNT, 'hits'), prop('Player Total Bases', [1.3, 2.1], COUNT, 'hits')],
  pitcher: [prop('Player Strikeouts', [4.5, 8], COUNT, 'pitching')],
  skater: [
    prop('Player Shots On Goal', [2.2, 4.5], COUNT, 'shots'),
    prop('Player Points', [0.6, 1.3], COUNT, 'points'),
    prop('Player Goals', [0.28, 0.6], COUNT, 'goals'),
  ],
  defenceman: [
    prop('Player Shots On Goal', [1.8, 3.2], COUNT, 'shots'),
    prop('Player Points', [0.5, 1], COUNT, 'points'),
    prop('Player Goals', [0.12, 0.25], COUNT, 'goals'),
  ],
  striker: [
    prop('Player Shots On Target', [0.9, 1.7], COUNT, 'shots'),
    prop('Player Shots', [2.2, 3.8], COUNT, 'shots'),
    prop('Anytime Goalscorer', [0.25, 0.5], YES, 'goals'),
  ],
  midfielder: [
    prop('Player Shots On Target', [0.5, 1.1], COUNT, 'shots'),
    prop('Player Shots', [1.4, 2.8], COUNT, 'shots'),
    prop('Anytime Goalscorer', [0.12, 0.3], YES, 'goals'),
  ],
};

function basketballRich(role: 'guard' | 'forward' | 'center'): PropModel[] {
  const [points, rebounds, assists] = PROPS_BY_ROLE_SMALL[role];
  if (!points || !rebounds || !assists) return [];
  const threes: Readonly<Record<typeof role, [number, number]>> = {
    guard: [1.8, 4],
    forward: [1, 2.8],
    center: [0.2, 1.5],
  };
  const blocks: Readonly<Record<typeof role, [number, number]>> = {
    guard: [0.2, 0.6],
    forward: [0.4, 1.2],
    center: [1, 2.6],
  };
  return [
    points,
    rebounds,
    assists,
    prop('Player Threes Made', threes[role], COUNT, 'points'),
    prop('Player Steals', [0.6, 1.8], COUNT, 'defense'),
    prop('Player Blocks', blocks[role], COUNT, 'defense'),
    prop('Player Turnovers', [1.5, 3.8], COUNT, 'assists'),
    combined('Player Points + Rebounds + Assists', ['Player Points', 'Player Rebounds', 'Player Assists'], 'points'),
    combined('Player Points + Rebounds', ['Player Points', 'Player Rebounds'], 'points'),
    combined('Player Points + Assists', ['Player Points', 'Player Assists'], 'points'),
    combined('Player Rebounds + Assists', ['Player Rebounds', 'Player Assists'], 'rebounds'),
    prop('Player Double Double', role === 'guard' ? [0.08, 0.35] : [0.2, 0.65], YES, 'points'),
    prop('Player Triple Double', [0.01, 0.12], YES, 'points'),
    prop('First Basket Scorer', [0.05, 0.12], YES, 'points'),
    part('1st Quarter', 0.26, points),
    part('1st Quarter', 0.25, rebounds),
    part('1st Quarter', 0.25, assists),
    part('1st Half', 0.51, points),
    part('1st Half', 0.5, rebounds),
    part('1st Half', 0.5, assists),
    part('2nd Half', 0.49, points),
    {
      ...combined(
        '1st Quarter Player Points + Rebounds + Assists',
        ['1st Quarter Player Points', '1st Quarter Player Rebounds', '1st Quarter Player Assists'],
        'points',
      ),
      alternates: 0,
    },
    {
      ...combined(
        '1st Half Player Points + Rebounds + Assists',
        ['1st Half Player Points', '1st Half Player Rebounds', '1st Half Player Assists'],
        'points',
      ),
      alternates: 0,
    },
  ];
}

const TOUCHDOWN_EXTRAS = (anytime: [number, number]): PropModel[] => [
  prop('First Touchdown Scorer', [anytime[0] * 0.2, anytime[1] * 0.22], YES, 'touchdown'),
  prop('Last Touchdown Scorer', [anytime[0] * 0.2, anytime[1] * 0.22], YES, 'touchdown'),
  prop(
    'Player To Score 2+ Touchdowns',
    [anytime[0] * anytime[0] * 0.5, anytime[1] * anytime[1] * 0.5],
    YES,
    'touchdown',
  ),
  prop('1st Half Anytime Touchdown Scorer', [anytime[0] * 0.55, anytime[1] * 0.55], YES, 'touchdown'),
];

const PASSING_YARDS = ladder(prop('Player Passing Yards', [195, 285], YARDS, 'passing'));
const RUSHING_YARDS = ladder(prop('Player Rushing Yards', [45, 95], YARDS, 'rushing'));
const RECEIVING_YARDS = ladder(prop('Player Receiving Yards', [45, 95], YARDS, 'receiving'));
const RECEPTIONS = ladder(prop('Player Receptions', [4, 7.5], COUNT, 'receiving'));

export const PROPS_BY_ROLE_RICH: Readonly<Record<PlayerRole, readonly PropModel[]>> = {
  guard: basketballRich('guard'),
  forward: basketballRich('forward'),
  center: basketballRich('center'),
  quarterback: [
    PASSING_YARDS,
    prop('Player Passing Touchdowns', [1.2, 2.4], COUNT, 'passing'),
    prop('Player Passing Attempts', [28, 38], ATTEMPTS, 'passing'),
    prop('Player Passing Completions', [19, 26], ATTEMPTS, 'passing'),
    prop('Player Interceptions', [0.4, 0.9], COUNT, 'passing'),
    prop('Player Longest Passing Completion', [34, 44], YARDS, 'passing'),
    prop('Player Rushing Yards', [8, 40], YARDS, 'rushing'),
    prop('Player Rushing Attempts', [2.5, 7], COUNT, 'rushing'),
    combined('Player Passing + Rushing Yards', ['Player Passing Yards', 'Player Rushing Yards'], 'passing'),
    prop('Anytime Touchdown Scorer', [0.06, 0.3], YES, 'touchdown'),
    part('1st Half', 0.52, PASSING_YARDS),
    part('2nd Half', 0.48, PASSING_YARDS),
    part('1st Quarter', 0.25, PASSING_YARDS),
    part('1st Half', 0.5, prop('Player Passing Touchdowns', [1.2, 2.4], COUNT, 'passing')),
    part('1st Quarter', 0.25, prop('Player Passing Completions', [19, 26], ATTEMPTS, 'passing')),
    part('1st Half', 0.5, prop('Player Rushing Yards', [8, 40], YARDS, 'rushing')),
  ],
  running_back: [
    RUSHING_YARDS,
    prop('Player Rushing Attempts', [12, 20], ATTEMPTS, 'rushing'),
    prop('Player Longest Rush', [14, 24], YARDS, 'rushing'),
    prop('Player Receiving Yards', [10, 35], YARDS, 'receiving'),
    prop('Player Receptions', [1.5, 4.5], COUNT, 'receiving'),
    combined('Player Rushing + Receiving Yards', ['Player Rushing Yards', 'Player Receiving Yards'], 'rushing'),
    prop('Anytime Touchdown Scorer', [0.35, 0.6], YES, 'touchdown'),
    ...TOUCHDOWN_EXTRAS([0.35, 0.6]),
    part('1st Half', 0.5, RUSHING_YARDS),
    part('2nd Half', 0.5, RUSHING_YARDS),
    part('1st Quarter', 0.25, RUSHING_YARDS),
    part('1st Half', 0.5, prop('Player Receiving Yards', [10, 35], YARDS, 'receiving')),
  ],
  receiver: [
    RECEIVING_YARDS,
    RECEPTIONS,
    prop('Player Longest Reception', [18, 30], YARDS, 'receiving'),
    prop('Anytime Touchdown Scorer', [0.28, 0.55], YES, 'touchdown'),
    ...TOUCHDOWN_EXTRAS([0.28, 0.55]),
    part('1st Half', 0.5, RECEIVING_YARDS),
    part('2nd Half', 0.5, RECEIVING_YARDS),
    part('1st Quarter', 0.25, RECEIVING_YARDS),
    part('1st Half', 0.5, RECEPTIONS),
    part('1st Quarter', 0.25, RECEPTIONS),
  ],
  tight_end: [
    ladder(prop('Player Receiving Yards', [30, 70], YARDS, 'receiving')),
    prop('Player Receptions', [3, 6], COUNT, 'receiving'),
    part('1st Half', 0.5, prop('Player Receiving Yards', [30, 70], YARDS, 'receiving')),
    prop('Player Longest Reception', [14, 24], YARDS, 'receiving'),
    prop('Anytime Touchdown Scorer', [0.22, 0.45], YES, 'touchdown'),
    ...TOUCHDOWN_EXTRAS([0.22, 0.45]),
  ],
  defender: [
    prop('Player Tackles + Assists', [2.5, 6], TACKLES, 'defense'),
    prop('Player Solo Tackles', [1.5, 4], COUNT, 'defense'),
    prop('Player Sacks', [0.3, 0.9], COUNT, 'defense'),
  ],
  batter: [
    prop('Player Hits', [0.85, 1.3], COUNT, 'hits'),
    prop('Player Total Bases', [1.3, 2.1], COUNT, 'hits'),
    prop('Player Home Runs', [0.12, 0.3], COUNT, 'hits'),
    prop('Player RBIs', [0.45, 0.9], COUNT, 'hits'),
    prop('Player Runs Scored', [0.45, 0.85], COUNT, 'hits'),
    prop('Player Singles', [0.5, 0.9], COUNT, 'hits'),
    prop('Player Doubles', [0.15, 0.3], COUNT, 'hits'),
    prop('Player Walks', [0.3, 0.7], COUNT, 'hits'),
    prop('Player Stolen Bases', [0.05, 0.3], COUNT, 'hits'),
    combined('Player Hits + Runs + RBIs', ['Player Hits', 'Player RBIs', 'Player Runs Scored'], 'hits'),
    prop('1st Inning Player Hits', [0.12, 0.22], COUNT, 'hits'),
  ],
  pitcher: [
    prop('Player Strikeouts', [4.5, 8], COUNT, 'pitching'),
    prop('Player Outs Recorded', [14, 19], ATTEMPTS, 'pitching'),
    prop('Player Hits Allowed', [4, 6.5], COUNT, 'pitching'),
    prop('Player Earned Runs', [1.8, 3.2], COUNT, 'pitching'),
    prop('Player Walks Allowed', [1.4, 2.8], COUNT, 'pitching'),
    prop('Player Pitching Win', [0.35, 0.6], YES, 'pitching'),
    prop('1st Inning Player Strikeouts', [0.8, 1.4], COUNT, 'pitching'),
    part('1st 5 Innings', 0.62, prop('Player Strikeouts', [4.5, 8], COUNT, 'pitching')),
    part('1st 5 Innings', 0.55, prop('Player Hits Allowed', [4, 6.5], COUNT, 'pitching')),
  ],
  skater: [
    prop('Player Shots On Goal', [2.2, 4.5], COUNT, 'shots'),
    prop('Player Points', [0.6, 1.3], COUNT, 'points'),
    prop('Player Goals', [0.28, 0.6], COUNT, 'goals'),
    prop('Player Assists', [0.35, 0.8], COUNT, 'points'),
    prop('Player Power Play Points', [0.15, 0.45], COUNT, 'points'),
    prop('Player Blocked Shots', [0.4, 1], COUNT, 'defense'),
    prop('Anytime Goalscorer', [0.25, 0.45], YES, 'goals'),
    prop('First Goalscorer', [0.06, 0.12], YES, 'goals'),
    prop('1st Period Player Shots On Goal', [0.7, 1.4], COUNT, 'shots'),
    prop('Player Hits', [0.8, 2.6], COUNT, 'defense'),
    prop('Player Time On Ice', [16, 21], { kind: 'normal', spreadRatio: 0.08, spreadBase: 0.5 }, 'shots'),
    prop('Player Faceoffs Won', [4, 11], COUNT, 'shots'),
    prop('1st Period Player Points', [0.2, 0.45], COUNT, 'points'),
  ],
  defenceman: [
    prop('Player Shots On Goal', [1.8, 3.2], COUNT, 'shots'),
    prop('Player Points', [0.5, 1], COUNT, 'points'),
    prop('Player Goals', [0.12, 0.25], COUNT, 'goals'),
    prop('Player Assists', [0.35, 0.75], COUNT, 'points'),
    prop('Player Blocked Shots', [1.2, 2.4], COUNT, 'defense'),
    prop('Anytime Goalscorer', [0.1, 0.22], YES, 'goals'),
  ],
  striker: [
    prop('Player Shots On Target', [0.9, 1.7], COUNT, 'shots'),
    prop('Player Shots', [2.2, 3.8], COUNT, 'shots'),
    prop('Anytime Goalscorer', [0.25, 0.5], YES, 'goals'),
    prop('First Goalscorer', [0.1, 0.2], YES, 'goals'),
    prop('Last Goalscorer', [0.1, 0.2], YES, 'goals'),
    prop('Player To Score 2+ Goals', [0.04, 0.14], YES, 'goals'),
    prop('Player Goal Or Assist', [0.35, 0.62], YES, 'goals'),
    prop('Player Assists', [0.12, 0.3], COUNT, 'goals'),
    prop('Player Fouls Committed', [0.8, 1.6], COUNT, 'defense'),
    prop('Player To Be Booked', [0.08, 0.2], YES, 'defense'),
    prop('Player Offsides', [0.3, 0.9], COUNT, 'shots'),
  ],
  midfielder: [
    prop('Player Shots On Target', [0.5, 1.1], COUNT, 'shots'),
    prop('Player Shots', [1.4, 2.8], COUNT, 'shots'),
    prop('Anytime Goalscorer', [0.12, 0.3], YES, 'goals'),
    prop('First Goalscorer', [0.05, 0.12], YES, 'goals'),
    prop('Player Goal Or Assist', [0.25, 0.5], YES, 'goals'),
    prop('Player Assists', [0.15, 0.35], COUNT, 'goals'),
    prop('Player Passes', [35, 65], ATTEMPTS, 'passing'),
    prop('Player Tackles', [1.2, 2.6], COUNT, 'defense'),
    prop('Player Fouls Committed', [0.9, 1.7], COUNT, 'defense'),
    prop('Player To Be Booked', [0.1, 0.22], YES, 'defense'),
  ],
};
