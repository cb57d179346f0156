package dev.firstdraft.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

class AppRootUrlTest {
    private val compiled = "https://movies.example.com"

    @Test
    fun releaseIgnoresTheExtra() {
        assertEquals(compiled, AppRootUrl.resolve("http://10.0.2.2:3000", debug = false, compiledOrigin = compiled))
    }

    @Test
    fun debugAcceptsTheEmulatorLoopback() {
        assertEquals("http://10.0.2.2:3000", AppRootUrl.resolve("http://10.0.2.2:3000/", debug = true, compiledOrigin = compiled))
    }

    @Test
    fun debugAcceptsAnHttpsHostRoot() {
        assertEquals("https://abc.trycloudflare.com", AppRootUrl.acceptedOverride("https://abc.trycloudflare.com"))
    }

    @Test
    fun debugRejectsRemotePlainHttpAndPaths() {
        assertNull(AppRootUrl.acceptedOverride("http://example.com"))
        assertNull(AppRootUrl.acceptedOverride("https://example.com/movies"))
        assertNull(AppRootUrl.acceptedOverride("https://example.com/?q=1"))
        assertEquals(compiled, AppRootUrl.resolve("ftp://example.com", debug = true, compiledOrigin = compiled))
    }
}
