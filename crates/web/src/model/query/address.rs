//! Addresses as text: a query's keys and values decoded and encoded as browsers do, the origin
//! rule for files a URL names, and the iframe HTML that embeds an address.

use std::fmt::Write;

/// Whether a file at `file_origin` named by the URL's `param` may be read by the page at
/// `page_origin` (both as `URL.origin` gives them: `scheme://host:port`): only on the page's own
/// origin, since a lesson or a recorded run sets the lab through links and texts a reader trusts
/// as the lab's own.
pub fn own_origin(
    param: &str,
    url: &str,
    file_origin: &str,
    page_origin: &str,
) -> Result<(), String> {
    if file_origin == page_origin && file_origin != "null" {
        Ok(())
    } else {
        Err(format!(
            "{param}={url} is not on this page's origin ({page_origin}): the lab reads files only \
             from where it is served"
        ))
    }
}

/// The HTML a teaching page pastes to show the lab at `link` (an embed's address), sized and
/// sandboxed as the README's embedding section says.
pub fn iframe(link: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{title}\" width=\"760\" height=\"900\" style=\"border:0\" \
         loading=\"lazy\" sandbox=\"allow-scripts allow-same-origin allow-popups\"></iframe>",
        link.replace('&', "&amp;").replace('"', "%22")
    )
}

/// Decodes a query's key or value as `URLSearchParams` does: `+` is a space, `%XX` a byte; a
/// stray `%` stays as it is, and bytes that are not UTF-8 become U+FFFD.
pub(super) fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            ) {
                (Some(high), Some(low)) => {
                    out.push((high * 16 + low) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encodes everything but the unreserved characters (RFC 3986).
pub(super) fn encode(text: &str) -> String {
    encode_keeping(text, b"")
}

/// [`encode`], keeping `keep` as they are (the compare list's separators stay readable).
pub(super) fn encode_keeping(text: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) || keep.contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}
