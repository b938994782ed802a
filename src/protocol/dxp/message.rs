//! DXP layer 2: the seven message types, each declared once as a table of its fields
//! (`docs/protocols/dxp.md` §3) in [`dxp_messages!`]. One sequential reader parses a frame
//! field by field and the same table writes it, so a field's width is said once and parsing
//! and serialising cannot disagree: adding a field is adding a row.
//!
//! Parsing tolerates trailing blanks (some programs pad) but is strict on every field, since
//! a misread square or count would make us play a different game than the peer. Serialising
//! blank-pads names to 32 characters and zero-pads numbers, clamping anything too wide for
//! its field, so every frame we send has exactly the spec's length.

use std::fmt::Write;
use std::ops::RangeInclusive;

use crate::draughts::Color;

/// Width of a name field (GAMEREQ initiator, GAMEACC follower).
pub const NAME_LEN: usize = 32;

/// Longest CHAT text (the frame cap of 127 minus the header).
pub const MAX_CHAT_LEN: usize = 126;

/// Most pieces one DXP move may capture.
pub const MAX_CAPTURES: u32 = 20;

/// A square number, 1..=50 in two digits.
const SQUARE: Number = Number(2, 1..=50);

/// Squares on the board, one character each in a GAMEREQ position.
const SQUARES: usize = 50;

/// What a GAMEREQ position may hold on a square: empty, a white or black (*zwart*) man, a
/// white or black king.
const SQUARE_CODES: &str = "ewzWZ";

/// Where a game proposed by GAMEREQ starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `A`: the normal start, white to move.
    Initial,
    /// `B`: a set-up position.
    Position {
        /// Side to move.
        to_move: Color,
        /// Squares 1..50, each `e`, `w`, `z`, `W` or `Z`.
        squares: String,
    },
}

/// Declares a one-character field's values, each as `Variant = 'c'`: one declaration gives
/// the enum and its [`Coded`] table.
macro_rules! coded {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident { $( $(#[doc = $value_doc:literal])* $value:ident = $code:literal, )* }
    )*) => { $(
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $( $(#[doc = $value_doc])* $value, )* }

        impl Coded for $name {
            const CODES: &'static [(char, Self)] = &[$(($code, Self::$value)),*];
        }
    )* };
}

coded! {
    /// GAMEACC acceptance code.
    AcceptCode {
        /// Game accepted.
        Accepted = '0',
        /// Protocol version not supported.
        VersionNotSupported = '1',
        /// This game refused (time, position...), another one welcome.
        RefusedThisGame = '2',
        /// No game at all.
        RefusedAll = '3',
    }
    /// GAMEEND reason, from the sender's point of view.
    EndReason {
        /// No reason given (always used in the acknowledgement).
        Unknown = '0',
        /// I lose / give up.
        Lose = '1',
        /// Draw.
        Draw = '2',
        /// I win.
        Win = '3',
    }
    /// BACKACC answer.
    BackAccCode {
        /// Take-back done; the side to move continues.
        Accepted = '0',
        /// Take-backs not supported.
        NotSupported = '1',
        /// Refused, the game goes on.
        Refused = '2',
    }
}

/// Declares the messages, each as `"NAME" 'type' Variant { field: Type = kind, ... }`, its
/// fields in the order they are sent, each read and written by its [`FieldKind`]: one
/// declaration gives the [`DxpMessage`] enum, its parser and its serialiser.
macro_rules! dxp_messages {
    ($(
        $(#[doc = $doc:literal])*
        $name:literal $header:literal $variant:ident {
            $( $(#[doc = $field_doc:literal])* $field:ident: $type:ty = $kind:expr, )*
        }
    )*) => {
        /// One DXP message.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum DxpMessage {
            $( $(#[doc = $doc])* $variant { $( $(#[doc = $field_doc])* $field: $type, )* }, )*
        }

        impl DxpMessage {
            /// Parses one frame (without its NUL).
            pub fn parse(frame: &str) -> Result<Self, DxpError> {
                let header = frame.chars().next().ok_or(DxpError::Empty)?;
                if let Some(offset) = frame.find(|c: char| !c.is_ascii()) {
                    return Err(DxpError::NotAscii { offset });
                }
                match header {
                    $( $header => {
                        let mut reader = Reader { frame, at: 1, message: $name };
                        let message = Self::$variant { $( $field: FieldKind::<$type>::read(
                            &$kind, &mut reader, stringify!($field))?, )* };
                        reader.finish().map(|()| message)
                    } )*
                    other => Err(DxpError::UnknownType(other)),
                }
            }

            /// The frame for this message (without NUL), in the exact layout of the spec.
            pub fn serialize(&self) -> String {
                let mut frame = String::new();
                match self {
                    $( Self::$variant { $($field),* } => {
                        frame.push($header);
                        $( FieldKind::<$type>::write(&$kind, $field, &mut frame); )*
                    } )*
                }
                frame
            }
        }
    };
}

dxp_messages! {
    /// `R`: the initiator proposes a game.
    "GAMEREQ" 'R' GameReq {
        /// Protocol version (`01`).
        version: u8 = Number(2, 0..=99),
        /// Initiator's name, padding removed.
        initiator_name: String = Name,
        /// The colour the follower (the receiver) plays.
        follower_color: Color = Code,
        /// Thinking time per player for the whole game, minutes.
        minutes: u16 = Number(3, 0..=999),
        /// Moves for the whole game; 0 = no limit.
        moves: u16 = Number(3, 0..=999),
        /// Start position.
        start: StartPosition = Start,
    }
    /// `A`: the follower answers a GAMEREQ.
    "GAMEACC" 'A' GameAcc {
        /// Follower's name, padding removed.
        name: String = Name,
        /// Accepted or why not.
        code: AcceptCode = Code,
    }
    /// `M`: a move.
    "MOVE" 'M' Move {
        /// Seconds used for this move (informational).
        seconds: u16 = Number(4, 0..=9999),
        /// Start square 1..=50.
        from: u8 = SQUARE,
        /// End square 1..=50 (may equal `from`).
        to: u8 = SQUARE,
        /// Captured squares, 1..=50 each, no repeats; sent in ascending order.
        captured: Vec<u8> = Captures,
    }
    /// `E`: end of the game.
    "GAMEEND" 'E' GameEnd {
        /// Why, from the sender's side.
        reason: EndReason = Code,
        /// Stop code `1`: no more games on this connection.
        stop: bool = Code,
    }
    /// `C`: free text.
    "CHAT" 'C' Chat {
        /// The text, blanks included.
        text: String = Text,
    }
    /// `B`: take back to `move_number` (1-based) with `to_move` to play.
    "BACKREQ" 'B' BackReq {
        /// Move number 1..=999.
        move_number: u16 = Number(3, 1..=999),
        /// Side to move at that point.
        to_move: Color = Code,
    }
    /// `K`: answer to BACKREQ.
    "BACKACC" 'K' BackAcc {
        /// Accepted or why not.
        code: BackAccCode = Code,
    }
}

/// Why a frame is not a valid DXP message; `Display` explains it for logs and CHAT, naming
/// the message and the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DxpError {
    /// An empty frame.
    #[error("empty message")]
    Empty,
    /// A character outside ASCII at this byte offset (fixed offsets would be meaningless).
    #[error("non-ASCII character at offset {offset}")]
    NotAscii {
        /// Byte offset of the first non-ASCII character.
        offset: usize,
    },
    /// The first character is no message type.
    #[error("unknown message type '{0}'")]
    UnknownType(char),
    /// The frame ends inside a field, or goes on past the last one.
    #[error("{message}: length {found}, expected {expected}")]
    Length {
        /// The message type's name.
        message: &'static str,
        /// The length received (trailing blanks aside).
        found: usize,
        /// The length its fields take.
        expected: String,
    },
    /// A field holds what its kind does not allow.
    #[error("{message} {field}: {found}, expected {expected}")]
    Field {
        /// The message type's name.
        message: &'static str,
        /// The field's name.
        field: &'static str,
        /// What it holds.
        found: String,
        /// What it may hold.
        expected: String,
    },
}

/// Reads a frame's fields in order, each by its width.
struct Reader<'a> {
    frame: &'a str,
    /// Offset of the next field.
    at: usize,
    /// The message type's name, for errors.
    message: &'static str,
}

impl<'a> Reader<'a> {
    /// The next `width` characters (the frame is ASCII: bytes and characters agree).
    fn take(&mut self, width: usize) -> Result<&'a str, DxpError> {
        let end = self.at + width;
        let text = self
            .frame
            .get(self.at..end)
            .ok_or_else(|| DxpError::Length {
                message: self.message,
                found: self.frame.len(),
                expected: format!("at least {end}"),
            })?;
        self.at = end;
        Ok(text)
    }

    /// Everything after the fields read so far.
    fn rest(&mut self) -> &'a str {
        let text = &self.frame[self.at..];
        self.at = self.frame.len();
        text
    }

    fn error(&self, field: &'static str, found: String, expected: impl Into<String>) -> DxpError {
        DxpError::Field {
            message: self.message,
            field,
            found,
            expected: expected.into(),
        }
    }

    /// Checks that nothing but blanks follows the last field.
    fn finish(&self) -> Result<(), DxpError> {
        let found = self.frame.trim_end_matches(' ').len();
        if found <= self.at {
            return Ok(());
        }
        Err(DxpError::Length {
            message: self.message,
            found,
            expected: self.at.to_string(),
        })
    }
}

/// How one kind of field is read from a frame and written into one.
trait FieldKind<T> {
    /// Reads the field called `field` at the reader's offset.
    fn read(&self, reader: &mut Reader, field: &'static str) -> Result<T, DxpError>;

    /// Appends `value` in the field's layout.
    fn write(&self, value: &T, frame: &mut String);
}

/// A decimal number of this many digits, leading zeros included, within a range.
struct Number(usize, RangeInclusive<u32>);

impl<T: Copy + Into<u32> + TryFrom<u32>> FieldKind<T> for Number {
    fn read(&self, reader: &mut Reader, field: &'static str) -> Result<T, DxpError> {
        let text = reader.take(self.0)?;
        let value = Some(text)
            .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.parse::<u32>().ok())
            .filter(|v| self.1.contains(v))
            .and_then(|v| T::try_from(v).ok());
        value.ok_or_else(|| {
            let (width, min, max) = (self.0, self.1.start(), self.1.end());
            reader.error(
                field,
                format!("'{text}'"),
                format!("{width} digits, {min}..={max}"),
            )
        })
    }

    fn write(&self, value: &T, frame: &mut String) {
        let widest = 10u32.pow(self.0 as u32) - 1;
        let value: u32 = (*value).into();
        let _ = write!(frame, "{:0width$}", value.min(widest), width = self.0);
    }
}

/// A one-character field with a fixed set of values, read and written through one table.
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

impl Coded for Color {
    const CODES: &'static [(char, Self)] = &[('W', Self::White), ('Z', Self::Black)];
}

impl Coded for bool {
    const CODES: &'static [(char, Self)] = &[('0', false), ('1', true)];
}

/// A [`Coded`] value's character.
struct Code;

impl<T: Coded> FieldKind<T> for Code {
    fn read(&self, reader: &mut Reader, field: &'static str) -> Result<T, DxpError> {
        let found = reader.take(1)?;
        found.chars().find_map(T::from_code).ok_or_else(|| {
            let codes: Vec<String> = T::CODES.iter().map(|(c, _)| c.to_string()).collect();
            reader.error(
                field,
                format!("'{found}'"),
                format!("one of {}", codes.join(", ")),
            )
        })
    }

    fn write(&self, value: &T, frame: &mut String) {
        frame.push(value.code());
    }
}

/// A name: 32 characters, blank-padded, not starting with a blank; read without its padding.
struct Name;

impl FieldKind<String> for Name {
    fn read(&self, reader: &mut Reader, field: &'static str) -> Result<String, DxpError> {
        let name = reader.take(NAME_LEN)?;
        if name.starts_with(' ') {
            let found = format!("'{}'", name.trim_end());
            return Err(reader.error(field, found, "a name that starts with no blank"));
        }
        Ok(name.trim_end().to_string())
    }

    /// Printable ASCII, leading blanks dropped, cut or blank-padded to 32.
    fn write(&self, name: &String, frame: &mut String) {
        let clean: String = name
            .trim_start()
            .chars()
            .map(printable)
            .take(NAME_LEN)
            .collect();
        let _ = write!(frame, "{clean:<NAME_LEN$}");
    }
}

/// CHAT's text: the rest of the frame, as it is; written printable and cut to 126.
struct Text;

impl FieldKind<String> for Text {
    fn read(&self, reader: &mut Reader, _: &'static str) -> Result<String, DxpError> {
        Ok(reader.rest().to_string())
    }

    fn write(&self, text: &String, frame: &mut String) {
        frame.extend(text.chars().take(MAX_CHAT_LEN).map(printable));
    }
}

/// `c` if it may be sent, else `?`.
fn printable(c: char) -> char {
    if c == ' ' || c.is_ascii_graphic() {
        c
    } else {
        '?'
    }
}

/// GAMEREQ's start: `A`, or `B` followed by the side to move and squares 1..=50.
struct Start;

impl FieldKind<StartPosition> for Start {
    fn read(&self, reader: &mut Reader, field: &'static str) -> Result<StartPosition, DxpError> {
        match reader.take(1)? {
            "A" => Ok(StartPosition::Initial),
            "B" => {
                let to_move = Code.read(reader, "to_move")?;
                let squares = reader.take(SQUARES)?;
                if let Some(at) = squares.find(|c| !SQUARE_CODES.contains(c)) {
                    let found = format!("'{}' on square {}", &squares[at..=at], at + 1);
                    return Err(reader.error("squares", found, "one of e, w, z, W, Z"));
                }
                let squares = squares.to_string();
                Ok(StartPosition::Position { to_move, squares })
            }
            other => Err(reader.error(field, format!("'{other}'"), "A or B")),
        }
    }

    fn write(&self, start: &StartPosition, frame: &mut String) {
        match start {
            StartPosition::Initial => frame.push('A'),
            StartPosition::Position { to_move, squares } => {
                frame.push('B');
                frame.push(to_move.code());
                frame.push_str(squares);
            }
        }
    }
}

/// MOVE's captured pieces: their count, then each square, none twice; written ascending.
struct Captures;

impl FieldKind<Vec<u8>> for Captures {
    fn read(&self, reader: &mut Reader, field: &'static str) -> Result<Vec<u8>, DxpError> {
        let count: u8 = Number(2, 0..=MAX_CAPTURES).read(reader, "capture count")?;
        let mut captured = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            let square: u8 = SQUARE.read(reader, field)?;
            if captured.contains(&square) {
                return Err(reader.error(field, format!("{square} twice"), "each square once"));
            }
            captured.push(square);
        }
        Ok(captured)
    }

    fn write(&self, captured: &Vec<u8>, frame: &mut String) {
        let mut sorted = captured.clone();
        sorted.sort_unstable();
        let count = u8::try_from(sorted.len()).unwrap_or(u8::MAX);
        Number(2, 0..=MAX_CAPTURES).write(&count, frame);
        for square in &sorted {
            SQUARE.write(square, frame);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(message: &'static str, field: &'static str, found: &str, expected: &str) -> DxpError {
        DxpError::Field {
            message,
            field,
            found: found.into(),
            expected: expected.into(),
        }
    }

    fn length(message: &'static str, found: usize, expected: &str) -> DxpError {
        DxpError::Length {
            message,
            found,
            expected: expected.into(),
        }
    }

    const NO_BLANK: &str = "a name that starts with no blank";
    const SQUARE_TEXT: &str = "one of e, w, z, W, Z";

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
                follower_color: Color::Black,
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
        assert_eq!((to_move, minutes, moves), (Color::White, 5, 75));
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
                to_move: Color::Black
            }
        );
        assert_eq!(
            parse("K2"),
            DxpMessage::BackAcc {
                code: BackAccCode::Refused
            }
        );
        assert_eq!(
            parse("C  spaced  "),
            DxpMessage::Chat {
                text: "  spaced  ".into()
            }
        );
        assert_eq!(
            parse("C"),
            DxpMessage::Chat {
                text: String::new()
            }
        );
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
        codes_round_trip::<Color>(2);
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
            follower_color: Color::White,
            minutes: 1500,
            moves: 0,
            start: StartPosition::Initial,
        };
        assert_eq!(req.serialize().len(), 43);
        assert!(req.serialize().ends_with("W999000A"));
        let chat = DxpMessage::Chat {
            text: format!("h\u{e9}\n{}", "x".repeat(200)),
        };
        let text = chat.serialize();
        assert_eq!(text.len(), 127);
        assert!(text.starts_with("Ch??x"));
        assert_eq!(
            DxpMessage::BackReq {
                move_number: 7,
                to_move: Color::White
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
        let e49 = "e".repeat(49);
        let cases: Vec<(String, DxpError)> = vec![
            (String::new(), DxpError::Empty),
            ("X01".into(), DxpError::UnknownType('X')),
            ("E0\u{e9}".into(), DxpError::NotAscii { offset: 2 }),
            ("E0".into(), length("GAMEEND", 2, "at least 3")),
            ("E012".into(), length("GAMEEND", 4, "3")),
            (
                "E41".into(),
                field("GAMEEND", "reason", "'4'", "one of 0, 1, 2, 3"),
            ),
            ("E02".into(), field("GAMEEND", "stop", "'2'", "one of 0, 1")),
            (
                "K3".into(),
                field("BACKACC", "code", "'3'", "one of 0, 1, 2"),
            ),
            (
                "AScan 3.1                        4".into(),
                field("GAMEACC", "code", "'4'", "one of 0, 1, 2, 3"),
            ),
            (
                "A Scan 3.1                       0".into(),
                field("GAMEACC", "name", "' Scan 3.1'", NO_BLANK),
            ),
            (
                format!("A{}0", " ".repeat(32)),
                field("GAMEACC", "name", "''", NO_BLANK),
            ),
            (
                "B000W".into(),
                field("BACKREQ", "move_number", "'000'", "3 digits, 1..=999"),
            ),
            (
                "B001X".into(),
                field("BACKREQ", "to_move", "'X'", "one of W, Z"),
            ),
            ("M000032280".into(), length("MOVE", 10, "at least 11")),
            (
                "M00a0322800".into(),
                field("MOVE", "seconds", "'00a0'", "4 digits, 0..=9999"),
            ),
            (
                "M0000+32800".into(),
                field("MOVE", "from", "'+3'", "2 digits, 1..=50"),
            ),
            (
                "M0000512800".into(),
                field("MOVE", "from", "'51'", "2 digits, 1..=50"),
            ),
            (
                "M0000320000".into(),
                field("MOVE", "to", "'00'", "2 digits, 1..=50"),
            ),
            ("M0000322801".into(), length("MOVE", 11, "at least 13")),
            ("M00003228012233".into(), length("MOVE", 15, "13")),
            ("M000017390222".into(), length("MOVE", 13, "at least 15")),
            (
                format!("M0000322821{}", "0".repeat(42)),
                field("MOVE", "capture count", "'21'", "2 digits, 0..=20"),
            ),
            (
                "M000017390222 2".into(),
                field("MOVE", "captured", "' 2'", "2 digits, 1..=50"),
            ),
            (
                "M00001739022222".into(),
                field("MOVE", "captured", "22 twice", "each square once"),
            ),
            (
                "M00001739025522".into(),
                field("MOVE", "captured", "'55'", "2 digits, 1..=50"),
            ),
            (
                format!("R01{name}Z001050C"),
                field("GAMEREQ", "start", "'C'", "A or B"),
            ),
            (
                format!("R01{name}B001050A"),
                field("GAMEREQ", "follower_color", "'B'", "one of W, Z"),
            ),
            (
                format!("R0x{name}Z001050A"),
                field("GAMEREQ", "version", "'0x'", "2 digits, 0..=99"),
            ),
            (
                format!("R01{name}Z0010 0A"),
                field("GAMEREQ", "moves", "'0 0'", "3 digits, 0..=999"),
            ),
            (format!("R01{name}Z001050AW"), length("GAMEREQ", 44, "43")),
            (
                "R01rawclient Z001050A".into(),
                length("GAMEREQ", 21, "at least 35"),
            ),
            (
                format!("R01{name}Z001050BW{e49}"),
                length("GAMEREQ", 93, "at least 94"),
            ),
            (
                format!("R01{name}Z001050BW{e49}b"),
                field("GAMEREQ", "squares", "'b' on square 50", SQUARE_TEXT),
            ),
            (
                format!("R01{name}Z001050BX{e49}e"),
                field("GAMEREQ", "to_move", "'X'", "one of W, Z"),
            ),
            (
                format!("R01{name}Z001050BW{e49}ee"),
                length("GAMEREQ", 95, "94"),
            ),
        ];
        for (frame, error) in cases {
            assert_eq!(DxpMessage::parse(&frame), Err(error), "{frame:?}");
        }
    }

    #[test]
    fn errors_explain_themselves() {
        let e = DxpMessage::parse("M0000512800").unwrap_err();
        assert_eq!(e.to_string(), "MOVE from: '51', expected 2 digits, 1..=50");
        let e = DxpMessage::parse("E0").unwrap_err();
        assert_eq!(e.to_string(), "GAMEEND: length 2, expected at least 3");
    }
}
