package dev.firstdraft.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** The same cases as the iOS Core's `DeepLinkTests.swift`: one rule set on both clients. */
class DeepLinkTest {
    private val origin = "https://example.com"
    private val scheme = "movie-catalog"

    private fun canonical(link: String, root: String = origin) =
        DeepLink.canonical(link, root = root, origin = origin, scheme = scheme)

    @Test
    fun customSchemeLinksBecomePathsOnTheRootWithTheirQuery() {
        assertEquals("https://example.com/movies/1?sort=year", canonical("movie-catalog:///movies/1?sort=year"))
        assertEquals("https://example.com/movies/1", canonical("movie-catalog://movies/1"))
        assertEquals("https://example.com/movies", canonical("MOVIE-CATALOG:/movies#top"))
    }

    @Test
    fun relativePathsBecomeAbsoluteOnTheRoot() {
        assertEquals("https://example.com/people?page=2", canonical("/people?page=2"))
        assertEquals("http://10.0.2.2:3000/people", canonical("/people", root = "http://10.0.2.2:3000"))
    }

    @Test
    fun appLinksOnTheOriginStayAndMoveToTheRoot() {
        assertEquals("https://example.com/movies/1?x=1", canonical("https://EXAMPLE.com:443/movies/1?x=1"))
        assertEquals("http://10.0.2.2:3000/movies/1", canonical("https://example.com/movies/1", root = "http://10.0.2.2:3000"))
    }

    @Test
    fun linksThatAreNotTheAppsAreRejected() {
        for (link in listOf(
            "https://evil.example/movies", "https://example.com.evil.example/", "http://example.com/movies",
            "https://example.com:8443/movies", "//evil.example/movies", "mailto:someone@example.com",
            "other-app:///movies", "movie-catalog:movies", "movie-catalog://user@movies/1", "movie-catalog://movies:80/1",
            "https://user:secret@example.com/", "movie-catalog:///movies/../admin", "movies", "", "   ",
        )) {
            assertNull(link, canonical(link))
        }
    }
}
