/** NBA (full league, 2025-26 rosters) and a realistic set of NCAAB programmes. */
import { center, forward, guard, team, type TeamRow } from './team-rows.ts';

export const NBA_TEAMS: readonly TeamRow[] = [
  team('Atlanta Hawks', 'ATL', 'State Farm Arena', [
    guard('Trae Young'),
    forward('Jalen Johnson'),
    center('Kristaps Porziņģis'),
  ]),
  team('Boston Celtics', 'BOS', 'TD Garden', [
    guard('Jaylen Brown'),
    guard('Derrick White'),
    guard('Payton Pritchard'),
  ]),
  team('Brooklyn Nets', 'BKN', 'Barclays Center', [
    guard('Cam Thomas'),
    forward('Michael Porter Jr.'),
    center('Nic Claxton'),
  ]),
  team('Charlotte Hornets', 'CHA', 'Spectrum Center', [
    guard('LaMelo Ball'),
    forward('Brandon Miller'),
    forward('Miles Bridges'),
  ]),
  team('Chicago Bulls', 'CHI', 'United Center', [guard('Josh Giddey'), guard('Coby White'), center('Nikola Vučević')]),
  team('Cleveland Cavaliers', 'CLE', 'Rocket Arena', [
    guard('Donovan Mitchell'),
    forward('Evan Mobley'),
    guard('Darius Garland'),
  ]),
  team('Dallas Mavericks', 'DAL', 'American Airlines Center', [
    forward('Anthony Davis'),
    forward('Cooper Flagg'),
    guard("D'Angelo Russell"),
  ]),
  team('Denver Nuggets', 'DEN', 'Ball Arena', [center('Nikola Jokić'), guard('Jamal Murray'), forward('Aaron Gordon')]),
  team('Detroit Pistons', 'DET', 'Little Caesars Arena', [
    guard('Cade Cunningham'),
    center('Jalen Duren'),
    forward('Ausar Thompson'),
  ]),
  team('Golden State Warriors', 'GSW', 'Chase Center', [
    guard('Stephen Curry'),
    forward('Jimmy Butler III'),
    forward('Draymond Green'),
  ]),
  team('Houston Rockets', 'HOU', 'Toyota Center', [
    forward('Kevin Durant'),
    center('Alperen Şengün'),
    guard('Amen Thompson'),
  ]),
  team('Indiana Pacers', 'IND', 'Gainbridge Fieldhouse', [
    forward('Pascal Siakam'),
    guard('Andrew Nembhard'),
    guard('Bennedict Mathurin'),
  ]),
  team('Los Angeles Clippers', 'LAC', 'Intuit Dome', [
    forward('Kawhi Leonard'),
    guard('James Harden'),
    center('Ivica Zubac'),
  ]),
  team('Los Angeles Lakers', 'LAL', 'Crypto.com Arena', [
    guard('Luka Dončić'),
    forward('LeBron James'),
    guard('Austin Reaves'),
  ]),
  team('Memphis Grizzlies', 'MEM', 'FedExForum', [
    guard('Ja Morant'),
    forward('Jaren Jackson Jr.'),
    forward('Santi Aldama'),
  ]),
  team('Miami Heat', 'MIA', 'Kaseya Center', [center('Bam Adebayo'), guard('Tyler Herro'), guard('Norman Powell')]),
  team('Milwaukee Bucks', 'MIL', 'Fiserv Forum', [
    forward('Giannis Antetokounmpo'),
    center('Myles Turner'),
    forward('Kyle Kuzma'),
  ]),
  team('Minnesota Timberwolves', 'MIN', 'Target Center', [
    guard('Anthony Edwards'),
    forward('Julius Randle'),
    center('Rudy Gobert'),
  ]),
  team('New Orleans Pelicans', 'NOP', 'Smoothie King Center', [
    forward('Zion Williamson'),
    forward('Trey Murphy III'),
    guard('Jordan Poole'),
  ]),
  team('New York Knicks', 'NYK', 'Madison Square Garden', [
    guard('Jalen Brunson'),
    center('Karl-Anthony Towns'),
    forward('OG Anunoby'),
  ]),
  team('Oklahoma City Thunder', 'OKC', 'Paycom Center', [
    guard('Shai Gilgeous-Alexander'),
    forward('Jalen Williams'),
    center('Chet Holmgren'),
  ]),
  team('Orlando Magic', 'ORL', 'Kia Center', [
    forward('Paolo Banchero'),
    forward('Franz Wagner'),
    guard('Desmond Bane'),
  ]),
  team('Philadelphia 76ers', 'PHI', 'Xfinity Mobile Arena', [
    center('Joel Embiid'),
    guard('Tyrese Maxey'),
    forward('Paul George'),
  ]),
  team('Phoenix Suns', 'PHX', 'Mortgage Matchup Center', [
    guard('Devin Booker'),
    guard('Jalen Green'),
    forward('Dillon Brooks'),
  ]),
  team('Portland Trail Blazers', 'POR', 'Moda Center', [
    forward('Deni Avdija'),
    guard('Shaedon Sharpe'),
    forward('Jerami Grant'),
  ]),
  team('Sacramento Kings', 'SAC', 'Golden 1 Center', [
    center('Domantas Sabonis'),
    guard('Zach LaVine'),
    forward('DeMar DeRozan'),
  ]),
  team('San Antonio Spurs', 'SAS', 'Frost Bank Center', [
    center('Victor Wembanyama'),
    guard("De'Aaron Fox"),
    guard('Stephon Castle'),
  ]),
  team('Toronto Raptors', 'TOR', 'Scotiabank Arena', [
    forward('Scottie Barnes'),
    forward('Brandon Ingram'),
    guard('RJ Barrett'),
  ]),
  team('Utah Jazz', 'UTA', 'Delta Center', [
    forward('Lauri Markkanen'),
    guard('Keyonte George'),
    center('Walker Kessler'),
  ]),
  team('Washington Wizards', 'WAS', 'Capital One Arena', [
    guard('CJ McCollum'),
    center('Alex Sarr'),
    forward('Bilal Coulibaly'),
  ]),
];

/** College programmes carry no player props: most US states bar college player props. */
export const NCAAB_TEAMS: readonly TeamRow[] = [
  team('Duke Blue Devils', 'DUKE', 'Cameron Indoor Stadium'),
  team('North Carolina Tar Heels', 'UNC', 'Dean E. Smith Center'),
  team('Kentucky Wildcats', 'UK', 'Rupp Arena'),
  team('Kansas Jayhawks', 'KU', 'Allen Fieldhouse'),
  team('UConn Huskies', 'CONN', 'Harry A. Gampel Pavilion'),
  team('Gonzaga Bulldogs', 'GONZ', 'McCarthey Athletic Center'),
  team('Houston Cougars', 'HOU', 'Fertitta Center'),
  team('Purdue Boilermakers', 'PUR', 'Mackey Arena'),
  team('Auburn Tigers', 'AUB', 'Neville Arena'),
  team('Alabama Crimson Tide', 'ALA', 'Coleman Coliseum'),
  team('Tennessee Volunteers', 'TENN', 'Food City Center'),
  team('Florida Gators', 'FLA', "Stephen C. O'Connell Center"),
  team('Michigan State Spartans', 'MSU', 'Breslin Center'),
  team('Michigan Wolverines', 'MICH', 'Crisler Center'),
  team('Arizona Wildcats', 'ARIZ', 'McKale Center'),
  team('Baylor Bears', 'BAY', 'Foster Pavilion'),
  team('Texas Tech Red Raiders', 'TTU', 'United Supermarkets Arena'),
  team('Marquette Golden Eagles', 'MARQ', 'Fiserv Forum'),
  team('Villanova Wildcats', 'VILL', 'Finneran Pavilion'),
  team("St. John's Red Storm", 'SJU', 'Carnesecca Arena'),
  team('Iowa State Cyclones', 'ISU', 'Hilton Coliseum'),
  team('Illinois Fighting Illini', 'ILL', 'State Farm Center'),
  team('UCLA Bruins', 'UCLA', 'Pauley Pavilion'),
  team('Creighton Bluejays', 'CREI', 'CHI Health Center'),
];
