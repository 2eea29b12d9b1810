/**
 * Leagues of every sport but soccer, as blocks `sport|Region|CODE|Time/Zone|Prefix|League,League,...`.
 * With a prefix the league is named `<Prefix> - <League>` (`ATP - Wimbledon`), else just `<League>`
 * (`NBA`). `*` marks a league with games, `(W)` a women's league, `(C)` a college league. The long
 * tails (country leagues, Challenger and ITF events) are generated in catalog-realistic.ts.
 */
export const LEAGUE_BLOCKS = `
football|USA|US|America/New_York||NFL*,NCAAF*(C),UFL,NFL Preseason
football|Canada|CA|America/Toronto||CFL*
football|Europe|EU|Europe/Berlin||European League of Football
basketball|USA|US|America/New_York||NBA*,NCAAB*(C),WNBA*(W),NCAAW*(W)(C),NBA G League*,NBA Summer League,NBA Cup,Big3
basketball|Europe|EU|Europe/Paris||EuroLeague*,EuroCup*,Basketball Champions League*,FIBA Europe Cup,ABA League*,VTB United League,EuroLeague Women(W),EuroBasket,EuroBasket Qualifiers
basketball|International|INT|Europe/Zurich|FIBA|World Cup,World Cup Qualifiers,AmeriCup,Asia Cup,AfroBasket,Olympic Qualifiers,Women's World Cup(W)
basketball|Spain|ES|Europe/Madrid|Spain|ACB*,Primera FEB,Liga Femenina(W),Copa del Rey
basketball|Italy|IT|Europe/Rome|Italy|Lega Basket Serie A*,Serie A2,Serie A1 Women(W)
basketball|Germany|DE|Europe/Berlin|Germany|BBL*,ProA,DBBL(W)
basketball|France|FR|Europe/Paris|France|LNB Pro A*,LNB Pro B,LFB(W)
basketball|Turkey|TR|Europe/Istanbul|Turkey|Super Lig*,TBL,KBSL(W)
basketball|Greece|GR|Europe/Athens|Greece|Basket League*,A2 Ethniki
basketball|Israel|IL|Asia/Jerusalem|Israel|Super League*,National League
basketball|Lithuania|LT|Europe/Vilnius|Lithuania|LKL*,NKL
basketball|Australia|AU|Australia/Sydney|Australia|NBL*,WNBL(W),NBL1
basketball|New Zealand|NZ|Pacific/Auckland|New Zealand|NBL
basketball|China|CN|Asia/Shanghai|China|CBA*,WCBA(W)
basketball|Japan|JP|Asia/Tokyo|Japan|B.League*,B2 League
basketball|South Korea|KR|Asia/Seoul|South Korea|KBL*,WKBL(W)
basketball|Philippines|PH|Asia/Manila|Philippines|PBA*,MPBL
basketball|Argentina|AR|America/Argentina/Buenos_Aires|Argentina|Liga Nacional*,Liga Argentina
basketball|Brazil|BR|America/Sao_Paulo|Brazil|NBB*
basketball|Mexico|MX|America/Mexico_City|Mexico|LNBP
basketball|Puerto Rico|PR|America/Puerto_Rico|Puerto Rico|BSN
baseball|USA|US|America/New_York||MLB*,NCAA Baseball(C),MLB Spring Training,World Baseball Classic
baseball|Asia|ASI|Asia/Seoul||KBO*,NPB*,CPBL*
baseball|Latin America|LAT|America/Mexico_City||LMB,LIDOM,LVBP,LBPRC,Caribbean Series
baseball|Australia|AU|Australia/Sydney||ABL
hockey|North America|US|America/New_York||NHL*,AHL*,ECHL,NCAA Hockey(C),OHL,WHL,QMJHL,USHL,PWHL(W)
hockey|Russia|RU|Europe/Moscow||KHL*,VHL,MHL
hockey|Europe|EU|Europe/Stockholm||Champions Hockey League*
hockey|Sweden|SE|Europe/Stockholm|Sweden|SHL*,HockeyAllsvenskan,SDHL(W)
hockey|Finland|FI|Europe/Helsinki|Finland|Liiga*,Mestis
hockey|Germany|DE|Europe/Berlin|Germany|DEL*,DEL2
hockey|Switzerland|CH|Europe/Zurich|Switzerland|National League*,Swiss League
hockey|Czech Republic|CZ|Europe/Prague|Czech Republic|Extraliga*,Chance Liga
hockey|Slovakia|SK|Europe/Bratislava|Slovakia|Extraliga
hockey|Austria|AT|Europe/Vienna|Austria|ICE Hockey League*
hockey|Norway|NO|Europe/Oslo|Norway|EliteHockey Ligaen
hockey|Denmark|DK|Europe/Copenhagen|Denmark|Metal Ligaen
hockey|International|INT|Europe/Zurich|IIHF|World Championship,World Junior Championship,Women's World Championship(W)
golf|World|INT|America/New_York||PGA Tour*,LIV Golf*,DP World Tour*,LPGA*(W),Korn Ferry Tour,PGA Tour Champions,Japan Golf Tour,Asian Tour,Ryder Cup,Presidents Cup,Solheim Cup(W),The Masters,PGA Championship,US Open,The Open Championship
mma|World|INT|America/New_York||UFC*,PFL*,Bellator,ONE Championship*,Cage Warriors,LFA,Invicta FC(W),Rizin,KSW,Oktagon,BKFC
boxing|World|INT|America/New_York||Boxing*,Boxing Title Fights
esports|World|INT|Europe/Berlin|CS2|BLAST Premier*,ESL Pro League*,IEM*,PGL Major,CCT Europe,ESEA Advanced,Thunderpick World Championship,BetBoom Dacha,YaLLa Compass,European Pro League
esports|World|INT|Asia/Seoul|LoL|LCK*,LPL*,LEC*,LTA North,LTA South,LCP,Worlds,MSI,LFL,Prime League,CBLOL
esports|World|INT|Europe/Berlin|Dota 2|The International,DreamLeague*,PGL Wallachia,BLAST Slam,ESL One,FISSURE Universe
esports|World|INT|America/Los_Angeles|Valorant|VCT Americas*,VCT EMEA*,VCT Pacific*,VCT China,Champions,Masters,Challengers NA,Challengers EMEA,Game Changers(W)
esports|World|INT|America/New_York||Call of Duty League*,Rocket League Championship Series*,Overwatch Champions Series,Rainbow Six Pro League,StarCraft II,MPL Indonesia,MPL Philippines,King Pro League,Halo Championship Series,Apex Legends Global Series
esports|World|INT|Europe/London|eSoccer|GT Leagues*,Battle*,Cyber Live Arena,H2H GG League
esports|World|INT|Europe/London|eBasketball|H2H GG League*,Battle
cricket|International|INT|Europe/London|International|Test Matches*,One Day Internationals*,T20 Internationals*,ICC World Cup,ICC T20 World Cup,ICC Champions Trophy,World Test Championship,Women's ODI(W),Women's T20I(W)
cricket|Domestic|IN|Asia/Kolkata||Indian Premier League,Big Bash League,The Hundred,T20 Blast,County Championship*,Pakistan Super League,Caribbean Premier League,SA20,Bangladesh Premier League,Lanka Premier League,ILT20,Major League Cricket,Women's Big Bash League(W),Sheffield Shield*,Ranji Trophy*,Super Smash,Plunket Shield,Women's Premier League(W)
rugby_league|Australia|AU|Australia/Sydney||NRL*,NRLW(W),State of Origin,NSW Cup,Queensland Cup
rugby_league|England|EN|Europe/London||Super League*,Championship,Challenge Cup,Rugby League World Cup
rugby_union|World|INT|Europe/London||Six Nations,Premiership Rugby*,Top 14*,Pro D2*,United Rugby Championship*,Super Rugby Pacific,The Rugby Championship,Rugby World Cup,European Champions Cup*,European Challenge Cup*,Major League Rugby,Japan League One,NPC,Currie Cup,Autumn Internationals,Women's Six Nations(W),Premiership Women's Rugby(W)
aussie_rules|Australia|AU|Australia/Melbourne||AFL*,AFLW(W),SANFL,WAFL,VFL
darts|World|INT|Europe/London|PDC|World Championship,Premier League,World Matchplay,World Grand Prix,Grand Slam of Darts,Players Championship Finals,UK Open,European Championship,World Series of Darts,European Tour*,Players Championship*,World Masters,Women's Series(W)
darts|World|INT|Europe/London||WDF World Championship,Modus Super Series*
snooker|World|INT|Europe/London||World Championship,UK Championship*,Masters,Welsh Open,Scottish Open,English Open,Northern Ireland Open,German Masters,Players Championship,Tour Championship,World Grand Prix,Shanghai Masters,International Championship,British Open,Championship League*,Wuhan Open,Xi'an Grand Prix,Saudi Arabia Masters,World Open
table_tennis|World|INT|Europe/Prague||TT Elite Series*,Setka Cup*,Czech Liga Pro*,TT Cup*,WTT Champions,WTT Star Contender,WTT Contender,WTT Feeder,World Championships,ITTF World Cup,Bundesliga,Pro A
volleyball|World|INT|Europe/Rome||CEV Champions League*,CEV Cup,FIVB Nations League,FIVB World Championship,CEV Champions League Women*(W),FIVB Club World Championship
volleyball|Italy|IT|Europe/Rome|Italy|SuperLega*,Serie A1 Women(W),Serie A2
volleyball|Poland|PL|Europe/Warsaw|Poland|PlusLiga*,Tauron Liga(W)
volleyball|Brazil|BR|America/Sao_Paulo|Brazil|Superliga*,Superliga Women(W)
volleyball|Turkey|TR|Europe/Istanbul|Turkey|Efeler Ligi*,Sultanlar Ligi(W)
volleyball|Japan|JP|Asia/Tokyo|Japan|SV.League*,SV.League Women(W)
volleyball|France|FR|Europe/Paris|France|Ligue A,Ligue AF(W)
volleyball|Germany|DE|Europe/Berlin|Germany|Bundesliga,Bundesliga Women(W)
volleyball|Russia|RU|Europe/Moscow|Russia|Super League,Super League Women(W)
beach_volleyball|World|INT|Europe/Rome||Beach Pro Tour Elite16*,Beach Pro Tour Challenge,Beach Pro Tour Futures,AVP Pro Series
handball|Europe|EU|Europe/Berlin|EHF|Champions League*,European League*,European Cup,Champions League Women(W),European Championship,Euro Cup
handball|Germany|DE|Europe/Berlin|Germany|Bundesliga*,2. Bundesliga,Bundesliga Women(W)
handball|France|FR|Europe/Paris|France|Starligue*,Proligue,Ligue Butagaz Energie(W)
handball|Spain|ES|Europe/Madrid|Spain|Liga Asobal*,Liga Guerreras Iberdrola(W)
handball|Denmark|DK|Europe/Copenhagen|Denmark|Handboldligaen*,Kvindeligaen(W)
handball|Hungary|HU|Europe/Budapest|Hungary|NB I,NB I Women(W)
handball|Poland|PL|Europe/Warsaw|Poland|Superliga,Superliga Women(W)
handball|Norway|NO|Europe/Oslo|Norway|Eliteserien,REMA 1000-ligaen(W)
handball|Sweden|SE|Europe/Stockholm|Sweden|Handbollsligan,Handbollsligan Women(W)
handball|International|INT|Europe/Zurich|IHF|World Championship,Women's World Championship(W)
futsal|World|INT|Europe/Madrid||UEFA Futsal Champions League,FIFA Futsal World Cup,Spain - Primera Division*,Brazil - LNF*,Portugal - Liga Placard,Italy - Serie A,Russia - Super League,Kazakhstan - Championship,Poland - Ekstraklasa,Thailand - Futsal League
badminton|World|INT|Asia/Singapore|BWF|World Tour Super 1000*,World Tour Super 750,World Tour Super 500,World Tour Super 300,World Championships,Sudirman Cup,Thomas Cup,Uber Cup(W)
lacrosse|North America|US|America/New_York||PLL*,NLL,NCAA Lacrosse(C),WLL(W)
water_polo|World|INT|Europe/Budapest||LEN Champions League*,Italy - Serie A1,Hungary - OB I,Spain - Division de Honor,Greece - A1 Ethniki,World Aquatics Championships
field_hockey|World|INT|Europe/Amsterdam||FIH Pro League,Hockey India League,Netherlands - Hoofdklasse,Belgium - Hockey League,Germany - Bundesliga,FIH Pro League Women(W)
bandy|World|INT|Europe/Stockholm||Sweden - Elitserien,Russia - Super League,World Championship
floorball|World|INT|Europe/Stockholm||Sweden - SSL,Finland - F-liiga,Switzerland - Unihockey Prime League,Czech Republic - Superliga,World Championship
netball|World|INT|Australia/Sydney||Super Netball(W),Netball Super League(W),ANZ Premiership(W),Netball World Cup(W)
gaelic_football|Ireland|IE|Europe/Dublin|GAA|All-Ireland Senior Football Championship,National Football League
hurling|Ireland|IE|Europe/Dublin|GAA|All-Ireland Senior Hurling Championship,National Hurling League
squash|World|INT|Europe/London|PSA|World Tour,World Championship
curling|World|INT|America/Toronto||World Men's Championship,World Women's Championship(W),Grand Slam of Curling,Olympic Curling
chess|World|INT|Europe/Zurich|FIDE|World Championship,Candidates Tournament,Grand Swiss,Grand Chess Tour
cycling|World|INT|Europe/Paris||Tour de France,Giro d'Italia,Vuelta a Espana,UCI World Championships,Monuments
motorsports|World|INT|Europe/London||Formula 1,NASCAR Cup Series,NASCAR Xfinity Series,NASCAR Truck Series,IndyCar,MotoGP,Formula E,WEC,Supercars,WRC
horse_racing|World|INT|Europe/London||UK Racing,US Racing,Triple Crown,Breeders' Cup,Royal Ascot,Cheltenham Festival
politics|World|INT|America/New_York||US Presidential Election,US Senate,US House,US Governors,UK General Election,UK Politics,French Presidential Election,German Federal Election,Canadian Federal Election,Australian Federal Election,Brazilian Presidential Election,Indian General Election,Mexican Presidential Election,European Parliament
entertainment|World|INT|America/Los_Angeles||Oscars,Emmys,Golden Globes,Grammys,Eurovision,Ballon d'Or,Time Person of the Year,Reality TV
economics|World|INT|America/New_York||Fed Interest Rates,US CPI,US Nonfarm Payrolls,US GDP
skiing|World|INT|Europe/Zurich||Alpine World Cup,Alpine World Cup Women(W),Nordic World Cup
olympics|World|INT|Europe/Paris||Summer Olympics,Winter Olympics
`;

/** ATP and WTA tour events (real names); `*` = played this week. */
export const TENNIS_TOUR_EVENTS = `
ATP|Australian Open,Roland Garros,Wimbledon,US Open,Indian Wells,Miami Open,Monte Carlo Masters,Madrid Open,Italian Open,Canadian Open,Cincinnati Open,Shanghai Masters,Paris Masters*,ATP Finals,Rotterdam,Dubai,Acapulco,Rio Open,Barcelona,Halle,Queen's Club,Hamburg,Washington,China Open,Japan Open,Vienna,Basel,Brisbane,Adelaide,Auckland,Hong Kong,Montpellier,Dallas,Marseille,Delray Beach,Buenos Aires,Santiago,Los Cabos,Houston,Marrakech,Bucharest,Munich,Geneva,Lyon,Stuttgart,'s-Hertogenbosch,Mallorca,Eastbourne,Newport,Bastad,Gstaad,Umag,Kitzbuhel,Atlanta,Winston-Salem,Chengdu,Hangzhou,Almaty,Antwerp,Stockholm*,Metz*,Belgrade,Athens,Next Gen Finals,Davis Cup*,United Cup
WTA|Australian Open,Roland Garros,Wimbledon,US Open,Indian Wells,Miami Open,Madrid Open,Italian Open,Canadian Open,Cincinnati Open,China Open,Wuhan Open,WTA Finals,Doha,Dubai,Charleston,Stuttgart,Berlin,Eastbourne,Bad Homburg,Washington,Monterrey,Cleveland,Tokyo,Seoul,Ningbo,Guadalajara,Brisbane,Adelaide,Auckland,Hobart,Linz,Abu Dhabi,Cluj-Napoca,Merida,Austin,Bogota,Rouen,Strasbourg,Rabat,'s-Hertogenbosch,Nottingham,Birmingham,Queen's Club,Palermo,Hamburg,Prague,Iasi,Jiujiang,Osaka,Hong Kong*,Jiangxi*,Chennai*,Billie Jean King Cup*
`;

/** Host cities of Challenger and ITF events (the generated tennis tail). */
export const TENNIS_CITIES = `Aix-en-Provence,Alicante,Almaty,Antalya,Asuncion,Bangkok,Barletta,Bengaluru,Bergamo,Biella,Bogota,Bordeaux,Bratislava,Brest,Buenos Aires,Busan,Cagliari,Calgary,Cali,Campinas,Canberra,Cancun,Charlottesville,Chicago,Cordoba,Curitiba,Drummondville,Florianopolis,Francavilla,Genoa,Glasgow,Guangzhou,Guayaquil,Heilbronn,Helsinki,Ilkley,Istanbul,Kobe,Knoxville,Lima,Lisbon,Ljubljana,Lugano,Lyon,Manama,Matsuyama,Maui,Mauthausen,Monastir,Montevideo,Monterrey,Mouilleron,Murcia,Naples,Nonthaburi,Noumea,Oeiras,Orleans,Ortisei,Ostrava,Padova,Perugia,Piracicaba,Poznan,Prague,Puerto Vallarta,Quimper,Rennes,Roanne,Rome,Rovereto,Saint-Brieuc,Salzburg,San Diego,Santa Cruz,Santo Domingo,Sanremo,Sarasota,Savannah,Seoul,Sharm El Sheikh,Shenzhen,Sibiu,Skopje,Sofia,Split,Szczecin,Tallahassee,Tampere,Temuco,Tenerife,Tigre,Tiburon,Todi,Trieste,Troyes,Tyler,Valencia,Vicenza,Vilnius,Winnipeg,Wroclaw,Yokkaichi,Zadar,Zagreb,Zhangjiagang`;
