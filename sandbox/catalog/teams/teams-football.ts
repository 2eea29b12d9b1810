/** NFL (full league, 2025 rosters) and a realistic set of NCAAF programmes. */
import { defender, quarterback, receiver, runningBack, team, tightEnd, type TeamRow } from './team-rows.ts';

export const NFL_TEAMS: readonly TeamRow[] = [
  team('Arizona Cardinals', 'ARI', 'State Farm Stadium', [
    quarterback('Kyler Murray'),
    tightEnd('Trey McBride'),
    receiver('Marvin Harrison Jr.'),
  ]),
  team('Atlanta Falcons', 'ATL', 'Mercedes-Benz Stadium', [
    quarterback('Michael Penix Jr.'),
    runningBack('Bijan Robinson'),
    receiver('Drake London'),
  ]),
  team('Baltimore Ravens', 'BAL', 'M&T Bank Stadium', [
    quarterback('Lamar Jackson'),
    runningBack('Derrick Henry'),
    receiver('Zay Flowers'),
  ]),
  team('Buffalo Bills', 'BUF', 'Highmark Stadium', [
    quarterback('Josh Allen'),
    runningBack('James Cook'),
    receiver('Khalil Shakir'),
  ]),
  team('Carolina Panthers', 'CAR', 'Bank of America Stadium', [
    quarterback('Bryce Young'),
    runningBack('Chuba Hubbard'),
    receiver('Tetairoa McMillan'),
  ]),
  team('Chicago Bears', 'CHI', 'Soldier Field', [
    quarterback('Caleb Williams'),
    runningBack("D'Andre Swift"),
    receiver('DJ Moore'),
  ]),
  team('Cincinnati Bengals', 'CIN', 'Paycor Stadium', [
    quarterback('Joe Burrow'),
    receiver("Ja'Marr Chase"),
    receiver('Tee Higgins'),
  ]),
  team('Cleveland Browns', 'CLE', 'Huntington Bank Field', [
    runningBack('Quinshon Judkins'),
    receiver('Jerry Jeudy'),
    defender('Myles Garrett'),
  ]),
  team('Dallas Cowboys', 'DAL', 'AT&T Stadium', [
    quarterback('Dak Prescott'),
    receiver('CeeDee Lamb'),
    receiver('George Pickens'),
  ]),
  team('Denver Broncos', 'DEN', 'Empower Field at Mile High', [
    quarterback('Bo Nix'),
    runningBack('J.K. Dobbins'),
    receiver('Courtland Sutton'),
  ]),
  team('Detroit Lions', 'DET', 'Ford Field', [
    quarterback('Jared Goff'),
    runningBack('Jahmyr Gibbs'),
    receiver('Amon-Ra St. Brown'),
  ]),
  team('Green Bay Packers', 'GB', 'Lambeau Field', [
    quarterback('Jordan Love'),
    runningBack('Josh Jacobs'),
    tightEnd('Tucker Kraft'),
  ]),
  team('Houston Texans', 'HOU', 'NRG Stadium', [
    quarterback('C.J. Stroud'),
    receiver('Nico Collins'),
    runningBack('Nick Chubb'),
  ]),
  team('Indianapolis Colts', 'IND', 'Lucas Oil Stadium', [
    quarterback('Daniel Jones'),
    runningBack('Jonathan Taylor'),
    receiver('Michael Pittman Jr.'),
  ]),
  team('Jacksonville Jaguars', 'JAX', 'EverBank Stadium', [
    quarterback('Trevor Lawrence'),
    receiver('Brian Thomas Jr.'),
    receiver('Travis Hunter'),
  ]),
  team('Kansas City Chiefs', 'KC', 'GEHA Field at Arrowhead Stadium', [
    quarterback('Patrick Mahomes'),
    tightEnd('Travis Kelce'),
    receiver('Xavier Worthy'),
  ]),
  team('Las Vegas Raiders', 'LV', 'Allegiant Stadium', [
    quarterback('Geno Smith'),
    runningBack('Ashton Jeanty'),
    tightEnd('Brock Bowers'),
  ]),
  team('Los Angeles Chargers', 'LAC', 'SoFi Stadium', [
    quarterback('Justin Herbert'),
    runningBack('Omarion Hampton'),
    receiver('Ladd McConkey'),
  ]),
  team('Los Angeles Rams', 'LAR', 'SoFi Stadium', [
    quarterback('Matthew Stafford'),
    receiver('Puka Nacua'),
    receiver('Davante Adams'),
  ]),
  team('Miami Dolphins', 'MIA', 'Hard Rock Stadium', [
    quarterback('Tua Tagovailoa'),
    runningBack("De'Von Achane"),
    receiver('Jaylen Waddle'),
  ]),
  team('Minnesota Vikings', 'MIN', 'U.S. Bank Stadium', [
    quarterback('J.J. McCarthy'),
    receiver('Justin Jefferson'),
    receiver('Jordan Addison'),
  ]),
  team('New England Patriots', 'NE', 'Gillette Stadium', [
    quarterback('Drake Maye'),
    runningBack('TreVeyon Henderson'),
    receiver('Stefon Diggs'),
  ]),
  team('New Orleans Saints', 'NO', 'Caesars Superdome', [
    runningBack('Alvin Kamara'),
    receiver('Chris Olave'),
    tightEnd('Juwan Johnson'),
  ]),
  team('New York Giants', 'NYG', 'MetLife Stadium', [
    quarterback('Jaxson Dart'),
    receiver("Wan'Dale Robinson"),
    tightEnd('Theo Johnson'),
  ]),
  team('New York Jets', 'NYJ', 'MetLife Stadium', [
    quarterback('Justin Fields'),
    runningBack('Breece Hall'),
    receiver('Garrett Wilson'),
  ]),
  team('Philadelphia Eagles', 'PHI', 'Lincoln Financial Field', [
    quarterback('Jalen Hurts'),
    runningBack('Saquon Barkley'),
    receiver('A.J. Brown'),
  ]),
  team('Pittsburgh Steelers', 'PIT', 'Acrisure Stadium', [
    quarterback('Aaron Rodgers'),
    receiver('DK Metcalf'),
    defender('T.J. Watt'),
  ]),
  team('San Francisco 49ers', 'SF', "Levi's Stadium", [
    quarterback('Brock Purdy'),
    runningBack('Christian McCaffrey'),
    tightEnd('George Kittle'),
  ]),
  team('Seattle Seahawks', 'SEA', 'Lumen Field', [
    quarterback('Sam Darnold'),
    receiver('Jaxon Smith-Njigba'),
    runningBack('Kenneth Walker III'),
  ]),
  team('Tampa Bay Buccaneers', 'TB', 'Raymond James Stadium', [
    quarterback('Baker Mayfield'),
    runningBack('Bucky Irving'),
    receiver('Mike Evans'),
  ]),
  team('Tennessee Titans', 'TEN', 'Nissan Stadium', [
    quarterback('Cam Ward'),
    runningBack('Tony Pollard'),
    receiver('Calvin Ridley'),
  ]),
  team('Washington Commanders', 'WAS', 'Northwest Stadium', [
    quarterback('Jayden Daniels'),
    receiver('Terry McLaurin'),
    receiver('Deebo Samuel'),
  ]),
];

/** College programmes carry no player props: most US states bar college player props. */
export const NCAAF_TEAMS: readonly TeamRow[] = [
  team('Georgia Bulldogs', 'UGA', 'Sanford Stadium'),
  team('Alabama Crimson Tide', 'ALA', 'Bryant-Denny Stadium'),
  team('Ohio State Buckeyes', 'OSU', 'Ohio Stadium'),
  team('Michigan Wolverines', 'MICH', 'Michigan Stadium'),
  team('Texas Longhorns', 'TEX', 'Darrell K Royal-Texas Memorial Stadium'),
  team('Oregon Ducks', 'ORE', 'Autzen Stadium'),
  team('Penn State Nittany Lions', 'PSU', 'Beaver Stadium'),
  team('Notre Dame Fighting Irish', 'ND', 'Notre Dame Stadium'),
  team('LSU Tigers', 'LSU', 'Tiger Stadium'),
  team('Clemson Tigers', 'CLEM', 'Memorial Stadium'),
  team('Florida State Seminoles', 'FSU', 'Doak Campbell Stadium'),
  team('Tennessee Volunteers', 'TENN', 'Neyland Stadium'),
  team('Ole Miss Rebels', 'MISS', 'Vaught-Hemingway Stadium'),
  team('Miami Hurricanes', 'MIA', 'Hard Rock Stadium'),
  team('USC Trojans', 'USC', 'Los Angeles Memorial Coliseum'),
  team('Oklahoma Sooners', 'OU', 'Gaylord Family Oklahoma Memorial Stadium'),
  team('Texas A&M Aggies', 'TAMU', 'Kyle Field'),
  team('Auburn Tigers', 'AUB', 'Jordan-Hare Stadium'),
  team('Florida Gators', 'FLA', 'Ben Hill Griffin Stadium'),
  team('Wisconsin Badgers', 'WIS', 'Camp Randall Stadium'),
  team('Iowa Hawkeyes', 'IOWA', 'Kinnick Stadium'),
  team('Utah Utes', 'UTAH', 'Rice-Eccles Stadium'),
  team('Indiana Hoosiers', 'IND', 'Memorial Stadium'),
  team('Texas Tech Red Raiders', 'TTU', 'Jones AT&T Stadium'),
];
