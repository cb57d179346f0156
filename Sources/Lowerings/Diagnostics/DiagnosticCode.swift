/// The stable code of every diagnostic this module emits. The raw value is the public spelling
/// (`plan.domain.label_too_long`); tools branch on it, never on message text. Codes are never
/// renamed or reused; add new ones instead.
public enum DiagnosticCode: String, Hashable, Sendable, CaseIterable, Comparable {
    // JSON syntax (the reader stops at the first syntax error; duplicates are all reported)
    case jsonEmpty = "json.empty"
    case jsonByteOrderMark = "json.byte_order_mark"
    case jsonInvalidUTF8 = "json.invalid_utf8"
    case jsonUnexpectedEnd = "json.unexpected_end"
    case jsonUnexpectedCharacter = "json.unexpected_character"
    case jsonInvalidLiteral = "json.invalid_literal"
    case jsonComment = "json.comment"
    case jsonTrailingComma = "json.trailing_comma"
    case jsonTrailingContent = "json.trailing_content"
    case jsonKeyNotString = "json.key_not_string"
    case jsonDuplicateKey = "json.duplicate_key"
    case jsonTooDeep = "json.too_deep"
    case jsonNumberInvalid = "json.number.invalid"
    case jsonNumberOutOfRange = "json.number.out_of_range"
    case jsonStringUnterminated = "json.string.unterminated"
    case jsonStringControlCharacter = "json.string.control_character"
    case jsonStringInvalidEscape = "json.string.invalid_escape"
    case jsonStringLoneSurrogate = "json.string.lone_surrogate"

    // Plan structure
    case unknownKey = "plan.unknown_key"
    case missingKey = "plan.missing_key"
    case wrongType = "plan.wrong_type"

    // Plan values and rules
    case formatUnsupported = "plan.format.unsupported"
    case projectIDInvalid = "plan.project_id.invalid"
    case applicationKeyInvalid = "plan.application.key_invalid"
    case nameEmpty = "plan.name.empty"
    case nameNotOneLine = "plan.name.not_one_line"
    case nameControlCharacter = "plan.name.control_character"
    case homeUnknownEntity = "plan.home.unknown_entity"
    case themeUnknown = "plan.appearance.theme_unknown"
    case colorInvalid = "plan.appearance.color_invalid"
    case pushRequiresClient = "plan.push.requires_client"
    case pushRequiresAccount = "plan.push.requires_account"
    case accountSubjectUUIDInvalid = "plan.account.subject_uuid_invalid"
    case entityKeyInvalid = "plan.entity.key_invalid"
    case entityPluralKeyInvalid = "plan.entity.plural_key_invalid"
    case entityKeyDuplicate = "plan.entity.key_duplicate"
    case entityUUIDInvalid = "plan.entity.uuid_invalid"
    case entityUUIDDuplicate = "plan.entity.uuid_duplicate"
    case entityIconUnknown = "plan.entity.icon_unknown"
    case entityIndexUnknown = "plan.entity.index_unknown"
    case entityProtectedRequiresAccount = "plan.entity.protected_requires_account"
    case entityParentUnknown = "plan.entity.parent_unknown"
    case entityParentCycle = "plan.entity.parent_cycle"
    case entityRouteCollision = "plan.entity.route_collision"
    case fieldKeyInvalid = "plan.field.key_invalid"
    case fieldKeyDuplicate = "plan.field.key_duplicate"
    case fieldTypeUnknown = "plan.field.type_unknown"
    case fieldReferenceRequiresTo = "plan.field.reference_requires_to"
    case fieldToNotAllowed = "plan.field.to_not_allowed"
    case fieldToUnknownEntity = "plan.field.to_unknown_entity"

    // Plan limits and the names Rails derives (issue 12)
    case fileTooLarge = "plan.file.too_large"
    case stringTooLong = "plan.string.too_long"
    case nameTooLong = "plan.name.too_long"
    case entityKeyTooLong = "plan.entity.key_too_long"
    case entityKeyReservedWord = "plan.entity.key_reserved_word"
    case entityRailsNameMismatch = "plan.entity.rails_name_mismatch"
    case entityRailsNameCollision = "plan.entity.rails_name_collision"
    case fieldKeyTooLong = "plan.field.key_too_long"
    case fieldKeyReserved = "plan.field.key_reserved"
    case fieldNameCollision = "plan.field.name_collision"

    // MARK: iOS lowering (ios-application-2026-11)
    case iosKeyTooLong = "ios.identity.key_too_long"
    case iosKeyNotDNSLabel = "ios.identity.key_not_dns_label"
    case iosDomainTooLong = "ios.identity.domain_too_long"
    case iosDomainLabelInvalid = "ios.identity.domain_label_invalid"
    case iosDomainFinalLabelNotLetter = "ios.identity.domain_final_label_not_letter"
    case iosDomainReservedInvalid = "ios.identity.domain_reserved_invalid"
    case iosDisplayNameLineBreak = "ios.display_name.line_break"
    case iosDisplayNameTrailingBackslash = "ios.display_name.trailing_backslash"
    case iosNavigationNoEntry = "ios.navigation.no_entry"

    // MARK: Android lowering (android-application-2026-11)
    case androidIdentityDomainInvalid = "android.identity.domain_invalid"
    case androidIdentityInvalidSegment = "android.identity.invalid_segment"
    case androidIdentityTooLong = "android.identity.too_long"
    case androidIdentityPlaceholderLabelTooLong = "android.identity.placeholder_label_too_long"
    case androidNavigationNoEntry = "android.navigation.no_entry"

    // MARK: Rails lowering
    case railsEntityKeyReserved = "rails.entity.key_reserved"
    case railsEntityPluralKeyReserved = "rails.entity.plural_key_reserved"

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }
}
