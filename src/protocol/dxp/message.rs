//! DXP layer 2: the seven message types, parsed by fixed offsets and serialised to the
//! exact layouts of `docs/protocols/dxp.md` §3.
//!
//! Parsing tolerates trailing blanks (some programs pad) but is strict on every field, since
//! a misread square or count would make us play a different game than the peer. Serialising
//! blank-pads names to 32 characters and zero-pads numbers, clamping anything too wide for
//! its field, so every frame we send has exactly the spec's length.

use std::fmt;

/// Width of a name field (GAMEREQ initiator, GAMEACC follower).
pub const NAME_LEN: usize = 32;

/// Longest CHAT text (the frame cap of 127 minus the header).
pub const MAX_CHAT_LEN: usize = 126;

/// Most pieces one DXP move may capture.
pub const MAX_CAPTURES: usize = 20;

/// A side, as DXP writes it: `W` white, `Z` black (*zwart*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DxpColor {
    /// `W`.
    White,
    /// `Z`.
    Black,
}

/// Where a game proposed by GAMEREQ starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `A`: the normal start, white to move.
    Initial,
    /// `B`: a set-up position.
    Position {
        /// Side to move.
        to_move: DxpColor,
        /// Squares 1..50, each `e`, `w`, `z`, `W` or `Z`.
        squares: String,
    },
}

/// GAMEACC acceptance code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcceptCode {
    /// `0`: game accepted.
    Accepted,
    /// `1`: protocol version not supported.
    VersionNotSupported,
    /// `2`: this game refused (time, position...), another one welcome.
    RefusedThisGame,
    /// `3`: no game at all.
    RefusedAll,
}

/// GAMEEND reason, from the sender's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no reason given (always used in the acknowledgement).
    Unknown,
    /// `1`: I lose / give up.
    Lose,
    /// `2`: draw.
    Draw,
    /// `3`: I win.
    Win,
}

/// BACKACC answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackAccCode {
    /// `0`: take-back done; the side to move continues.
    Accepted,
    /// `1`: take-backs not supported.
    NotSupported,
    /// `2`: refused, the game goes on.
    Refused,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DxpMessage {
    /// `R`: the initiator proposes a game.
    GameReq {
        /// Protocol version (`01`).
        version: u8,
        /// Initiator's name, padding removed.
        initiator_name: String,
        /// The colour the follower (the receiver) plays.
        follower_color: DxpColor,
        /// Thinking time per player for the whole game, minutes.
        minutes: u16,
        /// Moves for the whole game; 0 = no limit.
        moves: u16,
        /// Start position.
        start: StartPosition,
    },
    /// `A`: the follower answers a GAMEREQ.
    GameAcc {
        /// Follower's name, padding removed.
        name: String,
        /// Accepted or why not.
        code: AcceptCode,
    },
    /// `M`: a move.
    Move {
        /// Seconds used for this move (informational).
        seconds: u16,
        /// Start square 1..=50.
        from: u8,
        /// End square 1..=50 (may equal `from`).
        to: u8,
        /// Captured squares, 1..=50 each, no repeats.
        captured: Vec<u8>,
    },
    /// `E`: end of the game.
    GameEnd {
        /// Why, from the sender's side.
        reason: EndReason,
        /// Stop code `1`: no more games on this connection.
        stop: bool,
    },
    /// `C`: free text.
    Chat(String),
    /// `B`: take back to `move_number` (1-based) with `to_move` to play.
    BackReq {
        /// Move number 1..=999.
        move_number: u16,
        /// Side to move at that point.
        to_move: DxpColor,
    },
    /// `K`: answer to BACKREQ.
    BackAcc {
        /// Accepted or why not.
        code: BackAccCode,
    },
}

/// A one-character DXP field with a fixed set of values, read and written through one table
/// so that parsing and serialising cannot disagree.
trait Coded: Copy + PartialEq + 'static {
    /// Every value with its character.
    const CODES: &'static [(char, Self)];

    fn from_code(c: char) -> Option<Self> {
        Self::CODES.iter().find(|(k, _)| *k == c).map(|&(_, v)| v)
    }

    fn code(self) -> char {
        Self::CODES
            .iter()
            .find(|(_, v)| *v == self)
            .map_or('?', |&(k, _)| k)
    }
}

impl Coded for DxpColor {
    const CODES: &'static [(char, Self)] = &[('W', Self::White), ('Z', Self::Black)];
}

impl Coded for AcceptCode {
    const CODES: &'static [(char, Self)] = &[
        ('0', Self::Accepted),
        ('1', Self::VersionNotSupported),
        ('2', Self::RefusedThisGame),
        ('3', Self::RefusedAll),
    ];
}

impl Coded for EndReason {
    const CODES: &'static [(char, Self)] = &[
        ('0', Self::Unknown),
        ('1', Self::Lose),
        ('2', Self::Draw),
        ('3', Self::Win),
    ];
}

impl Coded for BackAccCode {
    const CODES: &'static [(char, Self)] = &[
        ('0', Self::Accepted),
        ('1', Self::NotSupported),
        ('2', Self::Refused),
    ];
}

impl Coded for bool {
    const CODES: &'static [(char, Self)] = &[('0', false), ('1', true)];
}

/// Why a frame is not a valid DXP message; `Display` explains it for logs and CHAT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DxpError {
    /// An empty frame.
    Empty,
    /// A character outside ASCII at this byte offset (fixed offsets would be meaningless).
    NotAscii {
        /// Byte offset of the first non-ASCII character.
        offset: usize,
    },
    /// The first character is no message type.
    UnknownType(char),
    /// The frame's length does not fit its type.
    BadLength {
        /// The message type's name.
        kind: &'static str,
        /// The lengths that type allows, for the message.
        expected: String,
        /// The length received.
        found: usize,
    },
    /// A numeric field holds something other than digits.
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// Its text as received.
        text: String,
    },
    /// A number outside its allowed range.
    OutOfRange {
        /// The field's name.
        field: &'static str,
        /// The value received.
        value: u32,
        /// The smallest value allowed.
        min: u32,
        /// The largest value allowed.
        max: u32,
    },
    /// A colour field that is neither `W` nor `Z`.
    BadColor {
        /// The field's name.
        field: &'static str,
        /// The character received.
        found: char,
    },
    /// A code field (start position, acceptance, reason, stop) with an unknown value.
    BadCode {
        /// The field's name.
        field: &'static str,
        /// The character received.
        found: char,
    },
    /// A position character other than `e`, `w`, `z`, `W`, `Z`.
    BadSquare {
        /// The square's number (1..=50).
        square: usize,
        /// The character received.
        found: char,
    },
    /// The same square listed twice among the captured pieces.
    DuplicateCapture(u8),
    /// A name field that starts with a blank or is blank.
    BadName(&'static str),
}

impl fmt::Display for DxpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "empty message"),
            Self::NotAscii { offset } => write!(f, "non-ASCII character at offset {offset}"),
            Self::UnknownType(c) => write!(f, "unknown message type '{c}'"),
            Self::BadLength {
                kind,
                expected,
                found,
            } => write!(f, "{kind}: length {found}, expected {expected}"),
            Self::BadNumber { field, text } => {
                write!(f, "{field}: '{text}' is not a fixed-width number")
            }
            Self::OutOfRange {
                field,
                value,
                min,
                max,
            } => write!(f, "{field}: {value} is outside {min}..{max}"),
            Self::BadColor { field, found } => {
                write!(f, "{field}: '{found}' is not a colour (W or Z)")
            }
            Self::BadCode { field, found } => write!(f, "{field}: unknown code '{found}'"),
            Self::BadSquare { square, found } => {
                write!(
                    f,
                    "position: square {square} holds '{found}' (expected e, w, z, W or Z)"
                )
            }
            Self::DuplicateCapture(square) => {
                write!(f, "move: square {square} captured twice")
            }
            Self::BadName(field) => write!(f, "{field}: name is blank or starts with a blank"),
        }
    }
}

impl std::error::Error for DxpError {}

impl DxpMessage {
    /// Parses one frame (without its NUL).
    pub fn parse(frame: &str) -> Result<Self, DxpError> {
        let Some(header) = frame.chars().next() else {
            return Err(DxpError::Empty);
        };
        if let Some(offset) = frame.find(|c: char| !c.is_ascii()) {
            return Err(DxpError::NotAscii { offset });
        }
        if header == 'C' {
            return Ok(Self::Chat(frame[1..].to_string()));
        }
        let fields = Fields::new(frame.trim_end_matches(' '));
        match header {
            'R' => parse_game_req(&fields),
            'A' => {
                fields.expect_len("GAMEACC", &[34])?;
                Ok(Self::GameAcc {
                    name: fields.name(1, "GAMEACC name")?,
                    code: fields.code(33, "GAMEACC code")?,
                })
            }
            'M' => parse_move(&fields),
            'E' => {
                fields.expect_len("GAMEEND", &[3])?;
                Ok(Self::GameEnd {
                    reason: fields.code(1, "GAMEEND reason")?,
                    stop: fields.code(2, "GAMEEND stop code")?,
                })
            }
            'B' => {
                fields.expect_len("BACKREQ", &[5])?;
                Ok(Self::BackReq {
                    move_number: fields.number(1, 3, "BACKREQ move number", 1, 999)? as u16,
                    to_move: fields.color(4, "BACKREQ colour")?,
                })
            }
            'K' => {
                fields.expect_len("BACKACC", &[2])?;
                Ok(Self::BackAcc {
                    code: fields.code(1, "BACKACC code")?,
                })
            }
            other => Err(DxpError::UnknownType(other)),
        }
    }

    /// The frame for this message (without NUL), in the exact layout of the spec.
    pub fn serialize(&self) -> String {
        match self {
            Self::GameReq {
                version,
                initiator_name,
                follower_color,
                minutes,
                moves,
                start,
            } => {
                let mut s = format!(
                    "R{:02}{}{}{:03}{:03}",
                    (*version).min(99),
                    padded_name(initiator_name),
                    follower_color.code(),
                    (*minutes).min(999),
                    (*moves).min(999)
                );
                match start {
                    StartPosition::Initial => s.push('A'),
                    StartPosition::Position { to_move, squares } => {
                        s.push('B');
                        s.push(to_move.code());
                        s.push_str(squares);
                    }
                }
                s
            }
            Self::GameAcc { name, code } => format!("A{}{}", padded_name(name), code.code()),
            Self::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                let mut sorted = captured.clone();
                sorted.sort_unstable();
                let mut s = format!(
                    "M{:04}{from:02}{to:02}{:02}",
                    (*seconds).min(9999),
                    sorted.len()
                );
                for square in sorted {
                    s.push_str(&format!("{square:02}"));
                }
                s
            }
            Self::GameEnd { reason, stop } => format!("E{}{}", reason.code(), stop.code()),
            Self::Chat(text) => {
                let clean: String = text
                    .chars()
                    .take(MAX_CHAT_LEN)
                    .map(|c| {
                        if c == ' ' || c.is_ascii_graphic() {
                            c
                        } else {
                            '?'
                        }
                    })
                    .collect();
                format!("C{clean}")
            }
            Self::BackReq {
                move_number,
                to_move,
            } => format!("B{:03}{}", (*move_number).min(999), to_move.code()),
            Self::BackAcc { code } => format!("K{}", code.code()),
        }
    }
}

fn parse_game_req(fields: &Fields) -> Result<DxpMessage, DxpError> {
    if fields.len() < 43 {
        return Err(fields.length_error("GAMEREQ", &[43, 94]));
    }
    let start = match fields.char(42) {
        'A' => {
            fields.expect_len("GAMEREQ", &[43])?;
            StartPosition::Initial
        }
        'B' => {
            fields.expect_len("GAMEREQ", &[94])?;
            let squares = fields.text(44, 50);
            if let Some((i, found)) = squares
                .chars()
                .enumerate()
                .find(|(_, c)| !matches!(c, 'e' | 'w' | 'z' | 'W' | 'Z'))
            {
                return Err(DxpError::BadSquare {
                    square: i + 1,
                    found,
                });
            }
            StartPosition::Position {
                to_move: fields.color(43, "GAMEREQ colour to move")?,
                squares: squares.to_string(),
            }
        }
        found => {
            return Err(DxpError::BadCode {
                field: "GAMEREQ start position",
                found,
            })
        }
    };
    Ok(DxpMessage::GameReq {
        version: fields.number(1, 2, "GAMEREQ version", 0, 99)? as u8,
        initiator_name: fields.name(3, "GAMEREQ name")?,
        follower_color: fields.color(35, "GAMEREQ follower colour")?,
        minutes: fields.number(36, 3, "GAMEREQ thinking time", 0, 999)? as u16,
        moves: fields.number(39, 3, "GAMEREQ number of moves", 0, 999)? as u16,
        start,
    })
}

fn parse_move(fields: &Fields) -> Result<DxpMessage, DxpError> {
    if fields.len() < 11 {
        return Err(fields.length_error("MOVE", &[11]));
    }
    let count = fields.number(9, 2, "MOVE number captured", 0, MAX_CAPTURES as u32)? as usize;
    fields.expect_len("MOVE", &[11 + 2 * count])?;
    let mut captured = Vec::with_capacity(count);
    for i in 0..count {
        let square = fields.number(11 + 2 * i, 2, "MOVE captured square", 1, 50)? as u8;
        if captured.contains(&square) {
            return Err(DxpError::DuplicateCapture(square));
        }
        captured.push(square);
    }
    Ok(DxpMessage::Move {
        seconds: fields.number(1, 4, "MOVE time", 0, 9999)? as u16,
        from: fields.number(5, 2, "MOVE from", 1, 50)? as u8,
        to: fields.number(7, 2, "MOVE to", 1, 50)? as u8,
        captured,
    })
}

/// `name` made printable ASCII, without leading blanks, cut or blank-padded to 32.
fn padded_name(name: &str) -> String {
    let clean: String = name
        .trim_start()
        .chars()
        .map(|c| {
            if c == ' ' || c.is_ascii_graphic() {
                c
            } else {
                '?'
            }
        })
        .take(NAME_LEN)
        .collect();
    format!("{clean:<NAME_LEN$}")
}

/// Fixed-offset access to an ASCII frame; callers check the length before reading a field.
struct Fields<'a> {
    frame: &'a str,
}

impl<'a> Fields<'a> {
    fn new(frame: &'a str) -> Self {
        Self { frame }
    }

    fn len(&self) -> usize {
        self.frame.len()
    }

    fn expect_len(&self, kind: &'static str, lengths: &[usize]) -> Result<(), DxpError> {
        if lengths.contains(&self.len()) {
            Ok(())
        } else {
            Err(self.length_error(kind, lengths))
        }
    }

    fn length_error(&self, kind: &'static str, lengths: &[usize]) -> DxpError {
        let expected: Vec<String> = lengths.iter().map(usize::to_string).collect();
        DxpError::BadLength {
            kind,
            expected: expected.join(" or "),
            found: self.len(),
        }
    }

    fn text(&self, offset: usize, len: usize) -> &'a str {
        &self.frame[offset..offset + len]
    }

    fn char(&self, offset: usize) -> char {
        char::from(self.frame.as_bytes()[offset])
    }

    fn number(
        &self,
        offset: usize,
        len: usize,
        field: &'static str,
        min: u32,
        max: u32,
    ) -> Result<u32, DxpError> {
        let text = self.text(offset, len);
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DxpError::BadNumber {
                field,
                text: text.to_string(),
            });
        }
        let value: u32 = text.parse().map_err(|_| DxpError::BadNumber {
            field,
            text: text.to_string(),
        })?;
        if value < min || value > max {
            return Err(DxpError::OutOfRange {
                field,
                value,
                min,
                max,
            });
        }
        Ok(value)
    }

    fn color(&self, offset: usize, field: &'static str) -> Result<DxpColor, DxpError> {
        let found = self.char(offset);
        DxpColor::from_code(found).ok_or(DxpError::BadColor { field, found })
    }

    fn code<T: Coded>(&self, offset: usize, field: &'static str) -> Result<T, DxpError> {
        let found = self.char(offset);
        T::from_code(found).ok_or(DxpError::BadCode { field, found })
    }

    fn name(&self, offset: usize, field: &'static str) -> Result<String, DxpError> {
        let name = self.text(offset, NAME_LEN);
        if name.starts_with(' ') {
            return Err(DxpError::BadName(field));
        }
        Ok(name.trim_end().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad_code(field: &'static str, found: char) -> DxpError {
        DxpError::BadCode { field, found }
    }

    fn parse(frame: &str) -> DxpMessage {
        DxpMessage::parse(frame).unwrap_or_else(|e| panic!("{frame}: {e}"))
    }

    /// Every frame of the byte-level transcripts in `docs/protocols/dxp.md` §5 parses and
    /// serialises back to the same bytes.
    #[test]
    fn transcripts_round_trip() {
        for frame in [
            "R01rawclient                       Z001050A",
            "AScan 3.1                        0",
            "M0000322800",
            "M0000172200",
            "CHello from the raw client",
            "E01",
            "R01rawclient                       Z005075BWeeeezeeeeezeeeeezeeeeweeeeeeeeeeweeeeeeeeeeeweeeee",
            "M0003454000",
            "M00001739022233",
            "B001W",
            "K0",
            "M0001332900",
            "M000017280122",
            "E11",
            "R01DXP Client                      Z002060BWzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
            "M0000312700",
        ] {
            assert_eq!(parse(frame).serialize(), frame);
        }
    }

    #[test]
    fn game_requests() {
        assert_eq!(
            parse("R01rawclient                       Z001050A"),
            DxpMessage::GameReq {
                version: 1,
                initiator_name: "rawclient".into(),
                follower_color: DxpColor::Black,
                minutes: 1,
                moves: 50,
                start: StartPosition::Initial,
            }
        );
        let DxpMessage::GameReq {
            start: StartPosition::Position { to_move, squares },
            minutes,
            moves,
            ..
        } = parse("R01rawclient                       Z005075BWeeeezeeeeezeeeeezeeeeweeeeeeeeeeweeeeeeeeeeeweeeee")
        else {
            panic!("not a set-up GAMEREQ");
        };
        assert_eq!((to_move, minutes, moves), (DxpColor::White, 5, 75));
        let occupied: Vec<(usize, char)> = squares
            .chars()
            .enumerate()
            .filter(|&(_, c)| c != 'e')
            .map(|(i, c)| (i + 1, c))
            .collect();
        assert_eq!(
            occupied,
            vec![
                (5, 'z'),
                (11, 'z'),
                (17, 'z'),
                (22, 'w'),
                (33, 'w'),
                (45, 'w')
            ]
        );
    }

    #[test]
    fn other_messages() {
        assert_eq!(
            parse("AScan 3.1                        0"),
            DxpMessage::GameAcc {
                name: "Scan 3.1".into(),
                code: AcceptCode::Accepted
            }
        );
        assert_eq!(
            parse("M00001739022233"),
            DxpMessage::Move {
                seconds: 0,
                from: 17,
                to: 39,
                captured: vec![22, 33]
            }
        );
        assert_eq!(
            parse("E11"),
            DxpMessage::GameEnd {
                reason: EndReason::Lose,
                stop: true
            }
        );
        assert_eq!(
            parse("E20"),
            DxpMessage::GameEnd {
                reason: EndReason::Draw,
                stop: false
            }
        );
        assert_eq!(
            parse("B012Z"),
            DxpMessage::BackReq {
                move_number: 12,
                to_move: DxpColor::Black
            }
        );
        assert_eq!(
            parse("K2"),
            DxpMessage::BackAcc {
                code: BackAccCode::Refused
            }
        );
        assert_eq!(parse("C  spaced  "), DxpMessage::Chat("  spaced  ".into()));
        assert_eq!(parse("C"), DxpMessage::Chat(String::new()));
    }

    fn codes_round_trip<T: Coded + std::fmt::Debug>(count: usize) {
        assert_eq!(T::CODES.len(), count);
        for &(c, value) in T::CODES {
            assert_eq!(T::from_code(c), Some(value));
            assert_eq!(value.code(), c);
        }
        assert_eq!(T::from_code('x'), None);
    }

    #[test]
    fn every_code_reads_back() {
        codes_round_trip::<DxpColor>(2);
        codes_round_trip::<AcceptCode>(4);
        codes_round_trip::<EndReason>(4);
        codes_round_trip::<BackAccCode>(3);
        codes_round_trip::<bool>(2);
    }

    #[test]
    fn trailing_blanks_are_tolerated() {
        assert_eq!(parse("E01   "), parse("E01"));
        assert_eq!(parse("M0000322800 "), parse("M0000322800"));
        assert_eq!(
            parse("R01rawclient                       Z001050A  "),
            parse("R01rawclient                       Z001050A")
        );
    }

    #[test]
    fn circular_capture_and_many_captures() {
        let frame = "M000128280423243334";
        assert_eq!(
            parse(frame),
            DxpMessage::Move {
                seconds: 1,
                from: 28,
                to: 28,
                captured: vec![23, 24, 33, 34]
            }
        );
        assert_eq!(parse(frame).serialize(), frame);
    }

    #[test]
    fn serialize_sorts_captures_pads_and_clamps() {
        let m = DxpMessage::Move {
            seconds: 12_345,
            from: 13,
            to: 33,
            captured: vec![28, 18],
        };
        assert_eq!(m.serialize(), "M99991333021828");
        let acc = DxpMessage::GameAcc {
            name: "tvilling 0.1.0".into(),
            code: AcceptCode::RefusedThisGame,
        };
        assert_eq!(acc.serialize(), "Atvilling 0.1.0                  2");
        assert_eq!(acc.serialize().len(), 34);
        let long = DxpMessage::GameAcc {
            name: " a name that is far longer than thirty-two characters".into(),
            code: AcceptCode::Accepted,
        };
        assert_eq!(long.serialize(), "Aa name that is far longer than t0");
        let req = DxpMessage::GameReq {
            version: 1,
            initiator_name: "x".into(),
            follower_color: DxpColor::White,
            minutes: 1500,
            moves: 0,
            start: StartPosition::Initial,
        };
        assert_eq!(req.serialize().len(), 43);
        assert!(req.serialize().ends_with("W999000A"));
        let chat = DxpMessage::Chat(format!("h\u{e9}\n{}", "x".repeat(200)));
        let text = chat.serialize();
        assert_eq!(text.len(), 127);
        assert!(text.starts_with("Ch??x"));
        assert_eq!(
            DxpMessage::BackReq {
                move_number: 7,
                to_move: DxpColor::White
            }
            .serialize(),
            "B007W"
        );
        assert_eq!(
            DxpMessage::GameEnd {
                reason: EndReason::Win,
                stop: false
            }
            .serialize(),
            "E30"
        );
        assert_eq!(
            DxpMessage::BackAcc {
                code: BackAccCode::NotSupported
            }
            .serialize(),
            "K1"
        );
    }

    #[test]
    fn malformed_frames() {
        let name = "rawclient                       ";
        let cases: Vec<(String, DxpError)> = vec![
            (String::new(), DxpError::Empty),
            ("X01".into(), DxpError::UnknownType('X')),
            ("E0\u{e9}".into(), DxpError::NotAscii { offset: 2 }),
            (
                "E0".into(),
                DxpError::BadLength {
                    kind: "GAMEEND",
                    expected: "3".into(),
                    found: 2,
                },
            ),
            (
                "E012".into(),
                DxpError::BadLength {
                    kind: "GAMEEND",
                    expected: "3".into(),
                    found: 4,
                },
            ),
            ("E41".into(), bad_code("GAMEEND reason", '4')),
            ("E02".into(), bad_code("GAMEEND stop code", '2')),
            ("K3".into(), bad_code("BACKACC code", '3')),
            (
                "AScan 3.1                        4".into(),
                bad_code("GAMEACC code", '4'),
            ),
            (
                "A Scan 3.1                       0".into(),
                DxpError::BadName("GAMEACC name"),
            ),
            (
                "B000W".into(),
                DxpError::OutOfRange {
                    field: "BACKREQ move number",
                    value: 0,
                    min: 1,
                    max: 999,
                },
            ),
            (
                "B001X".into(),
                DxpError::BadColor {
                    field: "BACKREQ colour",
                    found: 'X',
                },
            ),
            (
                "M000032280".into(),
                DxpError::BadLength {
                    kind: "MOVE",
                    expected: "11".into(),
                    found: 10,
                },
            ),
            (
                "M00a0322800".into(),
                DxpError::BadNumber {
                    field: "MOVE time",
                    text: "00a0".into(),
                },
            ),
            (
                "M0000+32800".into(),
                DxpError::BadNumber {
                    field: "MOVE from",
                    text: "+3".into(),
                },
            ),
            (
                "M0000512800".into(),
                DxpError::OutOfRange {
                    field: "MOVE from",
                    value: 51,
                    min: 1,
                    max: 50,
                },
            ),
            (
                "M0000320000".into(),
                DxpError::OutOfRange {
                    field: "MOVE to",
                    value: 0,
                    min: 1,
                    max: 50,
                },
            ),
            (
                "M0000322801".into(),
                DxpError::BadLength {
                    kind: "MOVE",
                    expected: "13".into(),
                    found: 11,
                },
            ),
            (
                "M00003228012233".into(),
                DxpError::BadLength {
                    kind: "MOVE",
                    expected: "13".into(),
                    found: 15,
                },
            ),
            (
                "M000017390222".into(),
                DxpError::BadLength {
                    kind: "MOVE",
                    expected: "15".into(),
                    found: 13,
                },
            ),
            (
                "M00003228210000000000000000000000000000000000000000000".into(),
                DxpError::OutOfRange {
                    field: "MOVE number captured",
                    value: 21,
                    min: 0,
                    max: 20,
                },
            ),
            (
                "M000017390222 2".into(),
                DxpError::BadNumber {
                    field: "MOVE captured square",
                    text: " 2".into(),
                },
            ),
            ("M00001739022222".into(), DxpError::DuplicateCapture(22)),
            (
                "M00001739025522".into(),
                DxpError::OutOfRange {
                    field: "MOVE captured square",
                    value: 55,
                    min: 1,
                    max: 50,
                },
            ),
            (
                format!("R01{name}Z001050C"),
                bad_code("GAMEREQ start position", 'C'),
            ),
            (
                format!("R01{name}B001050A"),
                DxpError::BadColor {
                    field: "GAMEREQ follower colour",
                    found: 'B',
                },
            ),
            (
                format!("R0x{name}Z001050A"),
                DxpError::BadNumber {
                    field: "GAMEREQ version",
                    text: "0x".into(),
                },
            ),
            (
                format!("R01{name}Z0010 0A"),
                DxpError::BadNumber {
                    field: "GAMEREQ number of moves",
                    text: "0 0".into(),
                },
            ),
            (
                format!("R01{name}Z001050AW"),
                DxpError::BadLength {
                    kind: "GAMEREQ",
                    expected: "43".into(),
                    found: 44,
                },
            ),
            (
                "R01rawclient Z001050A".into(),
                DxpError::BadLength {
                    kind: "GAMEREQ",
                    expected: "43 or 94".into(),
                    found: 21,
                },
            ),
            (
                format!("R01{name}Z001050BW{}", "e".repeat(49)),
                DxpError::BadLength {
                    kind: "GAMEREQ",
                    expected: "94".into(),
                    found: 93,
                },
            ),
            (
                format!("R01{name}Z001050BW{}b", "e".repeat(49)),
                DxpError::BadSquare {
                    square: 50,
                    found: 'b',
                },
            ),
            (
                format!("R01{name}Z001050BX{}", "e".repeat(50)),
                DxpError::BadColor {
                    field: "GAMEREQ colour to move",
                    found: 'X',
                },
            ),
        ];
        for (frame, error) in cases {
            assert_eq!(DxpMessage::parse(&frame), Err(error), "{frame:?}");
        }
    }

    #[test]
    fn errors_explain_themselves() {
        let e = DxpMessage::parse("M0000512800").unwrap_err();
        assert_eq!(e.to_string(), "MOVE from: 51 is outside 1..50");
        let e = DxpMessage::parse("E0").unwrap_err();
        assert_eq!(e.to_string(), "GAMEEND: length 2, expected 3");
    }
}
