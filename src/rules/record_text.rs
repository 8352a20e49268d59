//! What the text records of the three games share: PGN-like headers `[Name "value"]` before
//! whitespace-separated tokens, each item with its line (from 1), and the errors of that
//! structure. Each game's record module reads the values and the moves.

/// The most characters of a bad token an error message repeats.
const QUOTE_LIMIT: usize = 40;

/// One piece of the text: a header or a whitespace-separated token, with its line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Item<'a> {
    Header {
        line: usize,
        name: &'a str,
        value: &'a str,
    },
    Token {
        line: usize,
        text: &'a str,
    },
}

/// What is wrong with the structure of a record's text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TextError {
    /// A header that does not read as `[Name "value"]`.
    #[error("line {line}: {problem} (a header is written [Name \"value\"])")]
    MalformedHeader { line: usize, problem: &'static str },
    /// A header this game's records do not have.
    #[error("line {line}: unknown header '{name}' (known: {})", .known.join(", "))]
    UnknownHeader {
        line: usize,
        name: String,
        known: &'static [&'static str],
    },
    /// A header given twice.
    #[error("line {line}: a second {name} header")]
    DuplicateHeader { line: usize, name: &'static str },
    /// A header after the first move.
    #[error("line {line}: the {name} header comes after the moves; headers go first")]
    HeaderAfterMoves { line: usize, name: String },
}

/// Whether `c` separates items (a byte-order mark counts as space).
fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// Splits the text into headers and tokens. A `[` starts a header, which must close on its
/// line; anything else up to the next space or `[` is a token.
pub(crate) fn scan(text: &str) -> Result<Vec<Item<'_>>, TextError> {
    let mut items = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        if is_space(c) {
            if c == '\n' {
                line += 1;
            }
            i += c.len_utf8();
            continue;
        }
        if c == '[' {
            let malformed = |problem| TextError::MalformedHeader { line, problem };
            let rest = &text[i + 1..];
            let Some(end) = rest
                .find(['\n', ']'])
                .filter(|&end| rest.as_bytes()[end] == b']')
            else {
                // A header must close on its own line; a lone quote says what is missing.
                let open = rest.split('\n').next().unwrap_or("");
                return Err(malformed(if open.matches('"').count() == 1 {
                    "the header's value has no closing '\"'"
                } else {
                    "the header has no closing ']'"
                }));
            };
            let inside = rest[..end].trim();
            let name_end = inside
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(inside.len());
            let name = &inside[..name_end];
            if name.is_empty() {
                return Err(malformed("the header has no name"));
            }
            let value = inside[name_end..]
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .filter(|v| !v.contains('"'))
                .ok_or_else(|| malformed("the header's value must be one text in double quotes"))?;
            items.push(Item::Header { line, name, value });
            i += 1 + end + 1;
            continue;
        }
        let end = text[i..]
            .find(|c: char| is_space(c) || c == '[')
            .map_or(text.len(), |end| i + end);
        items.push(Item::Token {
            line,
            text: &text[i..end],
        });
        i = end;
    }
    Ok(items)
}

/// A header's line and value.
pub(crate) type Found<'a> = Option<(usize, &'a str)>;

/// A token's line and text.
pub(crate) type Token<'a> = (usize, &'a str);

/// The headers of `items` by their place in `known` (names matched without regard to case,
/// each at most once, all before the first token), and the tokens with their lines.
pub(crate) fn split<'a>(
    items: &[Item<'a>],
    known: &'static [&'static str],
) -> Result<(Vec<Found<'a>>, Vec<Token<'a>>), TextError> {
    let mut headers: Vec<Found<'a>> = vec![None; known.len()];
    let mut tokens = Vec::new();
    for item in items {
        match *item {
            Item::Header { line, name, value } => {
                if !tokens.is_empty() {
                    return Err(TextError::HeaderAfterMoves {
                        line,
                        name: quote(name),
                    });
                }
                let Some(index) = known.iter().position(|k| k.eq_ignore_ascii_case(name)) else {
                    return Err(TextError::UnknownHeader {
                        line,
                        name: quote(name),
                        known,
                    });
                };
                if headers[index].is_some() {
                    return Err(TextError::DuplicateHeader {
                        line,
                        name: known[index],
                    });
                }
                headers[index] = Some((line, value));
            }
            Item::Token { line, text } => tokens.push((line, text)),
        }
    }
    Ok((headers, tokens))
}

/// The line and value of the first `Game` header: read before anything else, so that another
/// game's record is named as such rather than by its first unknown header.
pub(crate) fn game_header<'a>(items: &[Item<'a>]) -> Found<'a> {
    items.iter().find_map(|item| match *item {
        Item::Header { line, name, value } if name.eq_ignore_ascii_case("Game") => {
            Some((line, value))
        }
        _ => None,
    })
}

/// Lower case with runs of whitespace made single spaces.
pub(crate) fn normalized(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// At most [`QUOTE_LIMIT`] characters of `text`, for an error message.
pub(crate) fn quote(text: &str) -> String {
    let mut quoted: String = text.chars().take(QUOTE_LIMIT).collect();
    if text.chars().nth(QUOTE_LIMIT).is_some() {
        quoted.push('…');
    }
    quoted
}

/// A count header's value: a plain decimal number (no sign).
pub(crate) fn count(text: &str) -> Option<usize> {
    let text = text.trim();
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// `token` without a leading move number (`12.`, `12...`, `12.h2e2`); a bare number is kept
/// as is so it is reported as a bad move.
pub(crate) fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    let after_dots = rest.trim_start_matches('.');
    if digits > 0 && after_dots.len() < rest.len() {
        after_dots
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_tokens_carry_their_lines() {
        let items = scan("\u{feff}[Game \"X\"]\r\n\n [ start  \"a b\" ]\n1.h2e2  h9g7\n").unwrap();
        assert_eq!(
            items,
            vec![
                Item::Header {
                    line: 1,
                    name: "Game",
                    value: "X"
                },
                Item::Header {
                    line: 3,
                    name: "start",
                    value: "a b"
                },
                Item::Token {
                    line: 4,
                    text: "1.h2e2"
                },
                Item::Token {
                    line: 4,
                    text: "h9g7"
                },
            ]
        );
        let (headers, tokens) = split(&items, &["Game", "Start", "Moves"]).unwrap();
        assert_eq!(headers, vec![Some((1, "X")), Some((3, "a b")), None]);
        assert_eq!(tokens, vec![(4, "1.h2e2"), (4, "h9g7")]);
    }

    #[test]
    fn structural_errors_name_their_line() {
        let message = |text: &str| match scan(text) {
            Ok(items) => split(&items, &["Game"]).unwrap_err().to_string(),
            Err(error) => error.to_string(),
        };
        assert!(message("\n[Game \"x\n]").starts_with("line 2: the header's value has no closing"));
        assert!(message("[Game x]").starts_with("line 1: the header's value must be one text"));
        assert!(message("[ \"x\"]").starts_with("line 1: the header has no name"));
        assert!(
            message("[Game \"x\"]\n[Event \"y\"]")
                .starts_with("line 2: unknown header 'Event' (known: Game)")
        );
        assert!(message("[Game \"x\"]\n[GAME \"y\"]").starts_with("line 2: a second Game"));
        assert!(message("h2e2\n[Game \"y\"]").starts_with("line 2: the Game header comes after"));
    }

    #[test]
    fn move_numbers_are_stripped_and_counts_read() {
        assert_eq!(strip_move_number("12."), "");
        assert_eq!(strip_move_number("12...h2e2"), "h2e2");
        assert_eq!(strip_move_number("12"), "12");
        assert_eq!(strip_move_number("h2e2"), "h2e2");
        assert_eq!(count(" 40 "), Some(40));
        assert_eq!(count("+4"), None);
        assert_eq!(count(""), None);
        assert_eq!(quote(&"x".repeat(50)).chars().count(), QUOTE_LIMIT + 1);
    }
}
