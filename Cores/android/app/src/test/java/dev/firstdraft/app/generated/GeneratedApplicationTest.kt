// Seam placeholder (owner: android.application_tests). Composition replaces
// this file with tests rendered for the Plan's identity and navigation.
package dev.firstdraft.app.generated

import dev.firstdraft.app.BuildConfig
import dev.firstdraft.app.TabLayout
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Test

class GeneratedApplicationTest {
    @Test
    fun projectionDigestMatchesBuildConfig() {
        assertEquals(ApplicationDefinition.PROJECTION_DIGEST, BuildConfig.PROJECTION_DIGEST)
    }

    @Test
    fun navigationHasALayout() {
        assertNotNull(TabLayout.forEntryCount(ApplicationDefinition.NAVIGATION.size))
    }
}
