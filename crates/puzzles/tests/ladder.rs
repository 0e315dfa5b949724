use std::collections::{HashMap, HashSet, VecDeque};

use proptest::prelude::*;
use puzzles::{count_ladders, find_ladders, ladder_length};

const WORDS: [&str; 6] = ["hot", "dot", "dog", "lot", "log", "cog"];

#[test]
fn leetcode_examples() {
    assert_eq!(ladder_length("hit", "cog", &WORDS).unwrap(), 5);
    assert_eq!(ladder_length("hit", "cog", &WORDS[..5]).unwrap(), 0);
    let mut ladders = find_ladders("hit", "cog", &WORDS).unwrap();
    ladders.sort();
    assert_eq!(ladders, [["hit", "hot", "dot", "dog", "cog"], ["hit", "hot", "lot", "log", "cog"]]);
    assert_eq!(count_ladders("hit", "cog", &WORDS).unwrap(), 2);
    assert!(find_ladders("hit", "cog", &WORDS[..5]).unwrap().is_empty());
    assert_eq!(count_ladders("hit", "cog", &WORDS[..5]).unwrap(), 0);
    // LeetCode 126's second example: "a" to "c" through ["a", "b", "c"].
    assert_eq!(find_ladders("a", "c", &["a", "b", "c"]).unwrap(), [["a", "c"]]);
}

#[test]
fn bad_words_get_clear_errors() {
    let cases: [(&str, &str, &[&str], &str); 5] = [
        ("hit", "cog", &["hot", "do"], "word 'do' has 2 letters, expected 3"),
        ("hit", "cog", &["hot", ""], "word 2 is empty"),
        ("hit", "cog", &["hot", "d0t"], "word 'd0t': character 2 is not an ASCII letter"),
        ("", "cog", &["hot"], "the begin word is empty"),
        ("hits", "cog", &["hot", "cog"], "word 'hits' has 4 letters, expected 3"),
    ];
    for (begin, end, words, message) in cases {
        assert_eq!(ladder_length(begin, end, words).unwrap_err().to_string(), message);
        assert_eq!(find_ladders(begin, end, words).unwrap_err().to_string(), message);
    }
}

/// Plain BFS comparing every pair of words: the textbook reference.
fn reference(begin: &str, end: &str, words: &[String]) -> (usize, u128) {
    let mut all: Vec<&str> = words.iter().map(String::as_str).collect();
    if !all.contains(&begin) {
        all.push(begin);
    }
    all.sort_unstable();
    all.dedup();
    if !words.iter().any(|w| w == end) {
        return (0, 0);
    }
    let adjacent = |a: &str, b: &str| a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count() == 1;
    let mut distance: HashMap<&str, usize> = HashMap::from([(begin, 0)]);
    let mut count: HashMap<&str, u128> = HashMap::from([(begin, 1)]);
    let mut queue = VecDeque::from([begin]);
    while let Some(word) = queue.pop_front() {
        for &next in &all {
            if !adjacent(word, next) {
                continue;
            }
            let d = distance[word] + 1;
            match distance.get(next) {
                None => {
                    distance.insert(next, d);
                    count.insert(next, count[word]);
                    queue.push_back(next);
                }
                Some(&e) if e == d => *count.get_mut(next).unwrap() += count[word],
                Some(_) => {}
            }
        }
    }
    distance.get(end).map_or((0, 0), |&d| (d + 1, count[end]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn ladders_match_a_pairwise_reference(
        words in prop::collection::vec("[abc]{4}", 1..60),
        begin in "[abc]{4}",
        pick in any::<prop::sample::Index>(),
    ) {
        let end = words[pick.index(words.len())].clone();
        let (length, count) = reference(&begin, &end, &words);
        prop_assert_eq!(ladder_length(&begin, &end, &words).unwrap(), length);
        prop_assert_eq!(count_ladders(&begin, &end, &words).unwrap(), count);
        let ladders = find_ladders(&begin, &end, &words).unwrap();
        prop_assert_eq!(ladders.len() as u128, count);
        let distinct: HashSet<&Vec<String>> = ladders.iter().collect();
        prop_assert_eq!(distinct.len(), ladders.len());
        for ladder in &ladders {
            prop_assert_eq!(ladder.len(), length);
            prop_assert_eq!(&ladder[0], &begin);
            prop_assert_eq!(ladder.last().unwrap(), &end);
            for pair in ladder.windows(2) {
                let changed = pair[0].bytes().zip(pair[1].bytes()).filter(|(a, b)| a != b).count();
                prop_assert_eq!(changed, 1);
                prop_assert!(words.contains(&pair[1]));
            }
        }
    }
}

#[test]
fn five_thousand_five_letter_words() {
    // A fixed pseudo-random dictionary: a small alphabet makes long ladders.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut words = Vec::new();
    while words.len() < 5_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let word: String =
            (0..5).map(|i| char::from(b'a' + ((state >> (8 * i)) % 6) as u8)).collect();
        words.push(word);
    }
    let (begin, end) = (words[0].clone(), words[4_999].clone());
    let length = ladder_length(&begin, &end, &words).unwrap();
    let (expected, count) = reference(&begin, &end, &words);
    assert_eq!(length, expected);
    assert!(length > 2);
    assert_eq!(count_ladders(&begin, &end, &words).unwrap(), count);
}

#[test]
fn an_end_word_missing_from_the_list_answers_zero_even_when_it_is_the_begin_word() {
    assert_eq!(ladder_length("hit", "hit", &["hot"]).unwrap(), 0);
    assert!(find_ladders("hit", "hit", &["hot"]).unwrap().is_empty());
    assert_eq!(count_ladders("hit", "hit", &["hot"]).unwrap(), 0);
    // Listed, it is a ladder of one word.
    assert_eq!(ladder_length("hot", "hot", &["hot"]).unwrap(), 1);
    // A begin word that is not a word is still an error.
    assert!(ladder_length("h1t", "cog", &["hot"]).is_err());
}

#[test]
fn an_empty_word_list_answers_zero() {
    let none: [&str; 0] = [];
    assert_eq!(ladder_length("hit", "cog", &none).unwrap(), 0);
    assert!(find_ladders("hit", "cog", &none).unwrap().is_empty());
}

#[test]
fn a_dictionary_counts_against_the_memory_limit() {
    use puzzles::{ErrorKind, ladder_length_with};
    use search_core::{Limits, Run};
    // Every word of five letters a to f: 7,776 words, 3,888 of them
    // between aaaaa and fffff in each layer's middle.
    let words: Vec<String> = (0..7_776u32)
        .map(|n| (0..5).map(|i| char::from(b'a' + (n / 6u32.pow(i) % 6) as u8)).collect())
        .collect();
    let limited = |bytes| Run::new().limits(Limits::new().max_memory(bytes));
    assert_eq!(ladder_length_with("aaaaa", "fffff", &words, &mut limited(4 << 20)).unwrap(), 6);
    // Refused while it is read, by what it would take.
    let error = ladder_length_with("aaaaa", "fffff", &words, &mut limited(100_000)).unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::DictionaryTooLarge { limit: 100_000, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("over the memory limit of 97.7 KiB"), "{error}");
    // A dictionary that fits leaves the search the rest, and a search
    // that passes it names the whole limit.
    let ladder = puzzles::WordLadder::new(&words).unwrap();
    let rest = ladder.bytes() + 1_000;
    let error = ladder_length_with("aaaaa", "fffff", &words, &mut limited(rest)).unwrap_err();
    assert!(
        error
            .to_string()
            .contains(&format!("memory limit of {}", search_core::error::HumanBytes(rest))),
        "{error}"
    );
}
