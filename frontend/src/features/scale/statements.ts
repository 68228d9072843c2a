/**
 * The independence scale used to grade every assessment question, with ten
 * observable statements per level in Norwegian Bokmål, Norwegian Nynorsk and
 * English.
 *
 * The levels descend from Bondy's criterion-referenced rating scale for
 * clinical evaluation (Bondy 1983). Each level is described along the same
 * three axes, so a supervisor can place a student by what they saw:
 *   1. safety and accuracy of what the student does;
 *   2. quality of the performance (proficient, confident, expedient — or not);
 *   3. how much guidance the student needs, from none through occasional and
 *      frequent cues to continuous verbal and physical help.
 * The statements are ordered by axis: 1–3 safety and accuracy, 4–7 quality of
 * performance, 8–10 guidance needed.
 */

/** One level of the scale. `value` is what an answer stores (0 is best). */
export interface ScaleLevel {
  value: number;
  /** The label as stored and shown in Norwegian forms. */
  nb: { name: string; statements: readonly string[] };
  nn: { name: string; statements: readonly string[] };
  en: { name: string; statements: readonly string[] };
}

export const SCALE: readonly ScaleLevel[] = [
  {
    value: 0,
    nb: {
      name: 'Selvstendig',
      statements: [
        'Utfører handlingen trygt og nøyaktig hver gang, også i nye og uforutsette situasjoner.',
        'Oppdager selv risiko for pasienten og handler forebyggende uten å bli minnet på det.',
        'Følger prosedyrer og faglige retningslinjer korrekt og kan begrunne hvert valg.',
        'Arbeider effektivt og planmessig og prioriterer riktig når mye skjer samtidig.',
        'Fremstår trygg og rolig overfor pasient, pårørende og kolleger.',
        'Tilpasser handlingen til den enkelte pasientens behov, ønsker og situasjon.',
        'Kobler teori og praksis og forklarer sammenhengene med egne ord.',
        'Trenger ingen veiledning eller påminnelser for å gjennomføre handlingen.',
        'Tar initiativ, søker selv ny kunnskap og ber om råd der det er faglig riktig.',
        'Vurderer egen innsats realistisk og kan selv peke på hva som kan bli bedre.',
      ],
    },
    nn: {
      name: 'Sjølvstendig',
      statements: [
        'Utfører handlinga trygt og nøyaktig kvar gong, også i nye og uventa situasjonar.',
        'Oppdagar sjølv risiko for pasienten og handlar førebyggjande utan å bli mint på det.',
        'Følgjer prosedyrar og faglege retningslinjer korrekt og kan grunngi kvart val.',
        'Arbeider effektivt og planmessig og prioriterer rett når mykje skjer samtidig.',
        'Verkar trygg og roleg overfor pasient, pårørande og kollegaer.',
        'Tilpassar handlinga til behova, ønska og situasjonen til den enkelte pasienten.',
        'Koplar teori og praksis og forklarer samanhengane med eigne ord.',
        'Treng inga rettleiing eller påminningar for å gjennomføre handlinga.',
        'Tek initiativ, søkjer sjølv ny kunnskap og ber om råd der det er fagleg rett.',
        'Vurderer eigen innsats realistisk og kan sjølv peike på kva som kan bli betre.',
      ],
    },
    en: {
      name: 'Independent',
      statements: [
        'Performs the task safely and accurately every time, also in new and unforeseen situations.',
        'Notices risks to the patient unprompted and acts to prevent them.',
        'Follows procedures and professional guidelines correctly and can justify every choice.',
        'Works efficiently and methodically, and prioritises correctly when much happens at once.',
        'Appears confident and calm with patients, relatives and colleagues.',
        "Adapts the task to each patient's needs, wishes and situation.",
        'Links theory and practice and explains the connections in their own words.',
        'Needs no guidance or reminders to carry out the task.',
        'Takes initiative, seeks new knowledge and asks for advice where that is professionally right.',
        'Assesses their own performance realistically and can point out what to improve.',
      ],
    },
  },
  {
    value: 1,
    nb: {
      name: 'Delvis selvstendig',
      statements: [
        'Utfører handlingen trygt og nøyaktig i kjente situasjoner.',
        'Oppdager de fleste risikoer for pasienten, men kan trenge et spørsmål for å se alle.',
        'Følger prosedyrer korrekt og kan begrunne de viktigste valgene.',
        'Arbeider stort sett effektivt, men bruker noe ekstra tid når situasjonen er ny.',
        'Fremstår for det meste trygg; usikkerhet viser seg først i krevende situasjoner.',
        'Tilpasser handlingen til pasienten når forholdene er oversiktlige.',
        'Ser sammenhengen mellom teori og praksis, men trenger av og til hjelp til å sette ord på den.',
        'Trenger bare av og til et hint eller en bekreftelse underveis.',
        'Ber selv om veiledning når noe er uklart.',
        'Tar imot tilbakemeldinger og bruker dem ved neste anledning.',
      ],
    },
    nn: {
      name: 'Delvis sjølvstendig',
      statements: [
        'Utfører handlinga trygt og nøyaktig i kjende situasjonar.',
        'Oppdagar dei fleste risikoane for pasienten, men kan trenge eit spørsmål for å sjå alle.',
        'Følgjer prosedyrar korrekt og kan grunngi dei viktigaste vala.',
        'Arbeider stort sett effektivt, men brukar noko ekstra tid når situasjonen er ny.',
        'Verkar for det meste trygg; uvisse viser seg først i krevjande situasjonar.',
        'Tilpassar handlinga til pasienten når tilhøva er oversiktlege.',
        'Ser samanhengen mellom teori og praksis, men treng av og til hjelp til å setje ord på han.',
        'Treng berre av og til eit hint eller ei stadfesting undervegs.',
        'Ber sjølv om rettleiing når noko er uklart.',
        'Tek imot tilbakemeldingar og brukar dei ved neste høve.',
      ],
    },
    en: {
      name: 'Partially independent',
      statements: [
        'Performs the task safely and accurately in familiar situations.',
        'Notices most risks to the patient, but may need a question to see them all.',
        'Follows procedures correctly and can justify the main choices.',
        'Works mostly efficiently, but takes some extra time when the situation is new.',
        'Appears mostly confident; uncertainty shows only in demanding situations.',
        'Adapts the task to the patient when the circumstances are clear.',
        'Sees how theory and practice connect, but sometimes needs help to put it into words.',
        'Needs only an occasional cue or confirmation along the way.',
        'Asks for guidance when something is unclear.',
        'Takes feedback on board and uses it the next time.',
      ],
    },
  },
  {
    value: 2,
    nb: {
      name: 'Veiledet',
      statements: [
        'Utfører handlingen trygt når veileder er til stede og følger med.',
        'Trenger hjelp til å se risiko for pasienten i mer sammensatte situasjoner.',
        'Kjenner prosedyren, men gjør av og til feil i rekkefølge eller detaljer som må rettes.',
        'Arbeider langsommere enn forventet og trenger hjelp til å prioritere.',
        'Viser usikkerhet som pasienten kan merke, men lar seg berolige av veileder.',
        'Følger en fast fremgangsmåte og trenger påminnelse om å tilpasse den til pasienten.',
        'Kan gjengi teorien, men trenger hjelp til å bruke den i situasjonen.',
        'Trenger jevnlige hint og spørsmål fra veileder for å komme videre.',
        'Venter ofte på at veileder skal ta initiativet.',
        'Ser egne forbedringsområder når veileder peker på dem.',
      ],
    },
    nn: {
      name: 'Rettleidd',
      statements: [
        'Utfører handlinga trygt når rettleiaren er til stades og følgjer med.',
        'Treng hjelp til å sjå risiko for pasienten i meir samansette situasjonar.',
        'Kjenner prosedyren, men gjer av og til feil i rekkjefølgje eller detaljar som må rettast.',
        'Arbeider seinare enn forventa og treng hjelp til å prioritere.',
        'Viser uvisse som pasienten kan merke, men lèt seg roe av rettleiaren.',
        'Følgjer ein fast framgangsmåte og treng påminning om å tilpasse han til pasienten.',
        'Kan attgi teorien, men treng hjelp til å bruke han i situasjonen.',
        'Treng jamlege hint og spørsmål frå rettleiaren for å kome vidare.',
        'Ventar ofte på at rettleiaren skal ta initiativet.',
        'Ser eigne forbetringsområde når rettleiaren peikar på dei.',
      ],
    },
    en: {
      name: 'Supervised',
      statements: [
        'Performs the task safely when the supervisor is present and watching.',
        'Needs help to see risks to the patient in more complex situations.',
        'Knows the procedure, but sometimes gets the order or details wrong and must be corrected.',
        'Works more slowly than expected and needs help to prioritise.',
        'Shows uncertainty the patient may notice, but is reassured by the supervisor.',
        'Follows a fixed routine and must be reminded to adapt it to the patient.',
        'Can repeat the theory, but needs help to apply it in the situation.',
        'Needs frequent cues and questions from the supervisor to move on.',
        'Often waits for the supervisor to take the initiative.',
        'Sees areas to improve when the supervisor points them out.',
      ],
    },
  },
  {
    value: 3,
    nb: {
      name: 'Assistert',
      statements: [
        'Utfører handlingen trygt bare med veileder tett ved siden av.',
        'Oppdager sjelden risiko for pasienten selv; veileder må gripe inn for å sikre pasienten.',
        'Gjør feil i prosedyren som må rettes underveis.',
        'Bruker lang tid og mister lett oversikten.',
        'Virker usikker og trenger støtte for å møte pasienten på en god måte.',
        'Har vansker med å tilpasse handlingen til pasientens situasjon.',
        'Har kjennskap til teorien, men ser i liten grad hvordan den gjelder situasjonen.',
        'Trenger hyppige og tydelige instruksjoner gjennom hele handlingen.',
        'Trenger av og til fysisk hjelp for å gjennomføre deler av handlingen.',
        'Har vansker med å vurdere egen innsats uten hjelp.',
      ],
    },
    nn: {
      name: 'Assistert',
      statements: [
        'Utfører handlinga trygt berre med rettleiaren tett ved sida.',
        'Oppdagar sjeldan risiko for pasienten sjølv; rettleiaren må gripe inn for å tryggje pasienten.',
        'Gjer feil i prosedyren som må rettast undervegs.',
        'Brukar lang tid og mistar lett oversikta.',
        'Verkar usikker og treng støtte for å møte pasienten på ein god måte.',
        'Har vanskar med å tilpasse handlinga til situasjonen til pasienten.',
        'Kjenner til teorien, men ser i liten grad korleis han gjeld situasjonen.',
        'Treng hyppige og tydelege instruksjonar gjennom heile handlinga.',
        'Treng av og til fysisk hjelp for å gjennomføre delar av handlinga.',
        'Har vanskar med å vurdere eigen innsats utan hjelp.',
      ],
    },
    en: {
      name: 'Assisted',
      statements: [
        'Performs the task safely only with the supervisor close by.',
        'Rarely notices risks to the patient; the supervisor must step in to keep the patient safe.',
        'Makes mistakes in the procedure that must be corrected along the way.',
        'Takes a long time and easily loses track.',
        'Seems unsure and needs support to meet the patient well.',
        "Has difficulty adapting the task to the patient's situation.",
        'Knows of the theory, but sees little of how it applies to the situation.',
        'Needs frequent, clear instructions throughout the task.',
        'Sometimes needs physical help to carry out parts of the task.',
        'Has difficulty assessing their own performance without help.',
      ],
    },
  },
  {
    value: 4,
    nb: {
      name: 'Uselvstendig',
      statements: [
        'Kan ikke utføre handlingen trygt; pasientens sikkerhet avhenger av at veileder overtar.',
        'Oppdager ikke risiko for pasienten, selv når veileder spør.',
        'Utelater vesentlige trinn i prosedyren eller utfører dem feil.',
        'Klarer ikke å gjennomføre handlingen innen rimelig tid.',
        'Virker svært usikker, og usikkerheten preger møtet med pasienten.',
        'Ser ikke pasientens behov og tilpasser ikke handlingen.',
        'Kan ikke forklare hvorfor handlingen gjøres slik den gjøres.',
        'Trenger kontinuerlig muntlig veiledning gjennom hele handlingen.',
        'Trenger kontinuerlig fysisk hjelp for å gjennomføre handlingen.',
        'Ser ikke egne forbedringsområder, heller ikke når de blir påpekt.',
      ],
    },
    nn: {
      name: 'Usjølvstendig',
      statements: [
        'Kan ikkje utføre handlinga trygt; tryggleiken til pasienten er avhengig av at rettleiaren tek over.',
        'Oppdagar ikkje risiko for pasienten, sjølv når rettleiaren spør.',
        'Utelèt vesentlege steg i prosedyren eller utfører dei feil.',
        'Klarer ikkje å gjennomføre handlinga innan rimeleg tid.',
        'Verkar svært usikker, og uvissa pregar møtet med pasienten.',
        'Ser ikkje behova til pasienten og tilpassar ikkje handlinga.',
        'Kan ikkje forklare kvifor handlinga blir gjord slik ho blir gjord.',
        'Treng kontinuerleg munnleg rettleiing gjennom heile handlinga.',
        'Treng kontinuerleg fysisk hjelp for å gjennomføre handlinga.',
        'Ser ikkje eigne forbetringsområde, heller ikkje når dei blir påpeikte.',
      ],
    },
    en: {
      name: 'Dependent',
      statements: [
        "Cannot perform the task safely; the patient's safety depends on the supervisor taking over.",
        'Does not notice risks to the patient, even when the supervisor asks.',
        'Leaves out essential steps of the procedure or performs them wrongly.',
        'Cannot complete the task within a reasonable time.',
        'Seems very unsure, and the uncertainty affects the encounter with the patient.',
        "Does not see the patient's needs and does not adapt the task.",
        'Cannot explain why the task is done the way it is.',
        'Needs continuous verbal guidance throughout the task.',
        'Needs continuous physical help to carry out the task.',
        'Does not see areas to improve, not even when they are pointed out.',
      ],
    },
  },
];

/** The value stored for "not relevant": one past the last level (spec §3). */
export const NOT_RELEVANT = SCALE.length;
