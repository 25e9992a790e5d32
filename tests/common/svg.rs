//! Checks on SVG documents written by `meeplelab render` (no XML crate: a small checker of
//! the subset the renderer writes).

/// Checks that every tag is closed in order, attributes are quoted, and there is one root.
pub fn assert_well_formed(svg: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        assert_plain_text(&rest[..open]);
        rest = &rest[open + 1..];
        let end = tag_end(rest);
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(top, name.trim(), "</{name}> closes <{top}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        assert!(!name.is_empty(), "bad tag <{tag}>");
        if stack.is_empty() {
            roots += 1;
        }
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
    assert_eq!(roots, 1, "an SVG document has one root element");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
}

/// Text between tags holds no `>` and every `&` starts an entity.
fn assert_plain_text(text: &str) {
    assert!(!text.contains('>'), "stray '>' in {text:?}");
    for (i, _) in text.match_indices('&') {
        let entity = ["&amp;", "&lt;", "&gt;", "&quot;"]
            .iter()
            .any(|e| text[i..].starts_with(e));
        assert!(entity, "bare '&' in {text:?}");
    }
}

/// Index of the `>` ending a tag, skipping quoted attribute values (which must be balanced).
fn tag_end(s: &str) -> usize {
    let mut quoted = false;
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '>' if !quoted => return i,
            '<' => panic!("'<' inside a tag: {}", &s[..i]),
            _ => {}
        }
    }
    panic!("unterminated tag: {}", &s[..s.len().min(80)]);
}
